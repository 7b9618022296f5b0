import { gemma4ReasoningDialect } from "@sluice/reasoning-gemma4";
import { describe, expect, it } from "vitest";
import { argumentsOf, codesOf, createProbe, run, runWithPolicy } from "./run-gemma4";

const Q = '<|"|>';

describe("gemma4 calls", () => {
  it("turns Gemma's value syntax into JSON: strings, numbers, literals, nested objects and arrays", () => {
    const result = run(
      `<|tool_call>call:f{a:${Q}x "y" \\ z${Q},n:-1.5e3,t:true,f:false,z:null,o:{p:[1,${Q}q${Q},{r:[]}]},e:{}}<tool_call|>`,
    );
    expect(result.problems).toEqual([]);
    expect(argumentsOf(result)).toEqual([
      { a: 'x "y" \\ z', n: -1.5e3, t: true, f: false, z: null, o: { p: [1, "q", { r: [] }] }, e: {} },
    ]);
    expect(result.warnings).toEqual([]);
    expect(result.content).toBeNull();
  });

  it("does not stringify nested objects (vLLM's offline tier writes {'mode': 'x'} as a string)", () => {
    const result = run(`<|tool_call>call:f{config:{mode:${Q}x${Q}}}<tool_call|>`);
    expect(argumentsOf(result)).toEqual([{ config: { mode: "x" } }]);
  });

  it("keeps brackets, commas and call: inside strings as text (SGLang looped on brackets in strings)", () => {
    const result = run(
      `<|tool_call>call:f{s:${Q}a}]{[,b call:g{x:1}<tool_call|> c${Q},l:[${Q}]${Q}]}<tool_call|>`,
    );
    expect(result.problems).toEqual([]);
    expect(argumentsOf(result)).toEqual([{ s: "a}]{[,b call:g{x:1}<tool_call|> c", l: ["]"] }]);
  });

  it('streams a string value live, holding back only a piece of <|"|> (vllm #44522 leaked <|" into arguments)', () => {
    const probe = createProbe();
    probe.parser.push(`<|tool_call>call:write{content:${Q}line one\n`);
    expect(probe.started()).toBe(1);
    expect(probe.argumentsJson()).toBe('{"content": "line one\\n');
    probe.parser.push('li<|"');
    expect(probe.argumentsJson()).toBe('{"content": "line one\\nli');
    probe.parser.push(`|>}<tool_call|>`);
    probe.parser.end();
    expect(probe.argumentsJson()).toBe('{"content": "line one\\nli"}');
    expect(probe.ended()).toBe(1);
  });

  it("reads parallel calls back to back, close and next open in one chunk (vllm #41967, MTP), and the text around them", () => {
    const result = run(
      `Checking. <|tool_call>call:a{x:1}<tool_call|><|tool_call>call:b{y:2}<tool_call|>\n<|tool_call>call:c{}<tool_call|>Done.`,
    );
    expect(result.problems).toEqual([]);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["a", { x: 1 }],
      ["b", { y: 2 }],
      ["c", {}],
    ]);
    expect(result.content).toBe("Checking. Done.");
  });

  it("accepts names with - and . and a stray : after the opener", () => {
    const result = run(`<|tool_call>:call:mcp.fs-read{path:${Q}/a${Q}}<tool_call|>`);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["mcp.fs-read", { path: "/a" }],
    ]);
  });

  it("accepts delimited keys and whitespace between tokens", () => {
    const result = run(`<|tool_call>call:f{ ${Q}my key${Q} : ${Q}v${Q} ,\n n : 2 }<tool_call|>`);
    expect(result.problems).toEqual([]);
    expect(argumentsOf(result)).toEqual([{ "my key": "v", n: 2 }]);
  });

  it("closes a call at <turn|> in place of <tool_call|>, and drops a trailing <turn|> (e044, q020)", () => {
    const closed = run(`<|tool_call>call:gdb{args:${Q}-batch${Q}}<turn|>`);
    expect(closed.calls).toMatchObject([{ name: "gdb", arguments: { args: "-batch" }, ended: true }]);
    expect(closed.warnings).toEqual([]);
    const trailing = run("The sum is 4.<turn|>\n");
    expect(trailing.content).toBe("The sum is 4.");
    // With text after it, a <turn|> is the model's text.
    expect(run("a<turn|>b").content).toBe("a<turn|>b");
  });

  it("stands a call at its closing brace when the close marker is missing (gemma4.missing_call_end)", () => {
    const result = run(`<|tool_call>call:f{x:1} and more`);
    expect(result.calls).toMatchObject([{ name: "f", arguments: { x: 1 }, ended: true, cut: false }]);
    expect(result.content).toBe(" and more");
    expect(codesOf(result)).toEqual(["gemma4.missing_call_end"]);
  });

  it("reads a string whose opening delimiter was left out, commas included (e047)", () => {
    const result = run(`<|tool_call>call:web_search{query:Paris, France${Q},limit:5}<tool_call|>`);
    expect(argumentsOf(result)).toEqual([{ query: "Paris, France", limit: 5 }]);
    expect(codesOf(result)).toEqual(["gemma4.omitted_string_open"]);
  });

  it("reads SGLang's omitted-opener cases: in nested objects and arrays, and leaves well-formed values alone", () => {
    const parse = (args: string) => argumentsOf(run(`<|tool_call>call:web_search{${args}}<tool_call|>`))[0];
    expect(parse(`query:weather in Tokyo${Q}`)).toEqual({ query: "weather in Tokyo" });
    expect(parse(`filters:{city:Tokyo${Q}},query:${Q}x${Q}`)).toEqual({
      filters: { city: "Tokyo" },
      query: "x",
    });
    expect(parse(`query:[${Q}a${Q},b${Q}]`)).toEqual({ query: ["a", "b"] });
    expect(parse(`limit:5,exact:true,query:${Q}Note: a, b${Q}`)).toEqual({
      limit: 5,
      exact: true,
      query: "Note: a, b",
    });
    // A malformed array ends, and the call with it (SGLang's time-limited test).
    const malformed = run(`<|tool_call>call:web_search{query:[ k:${Q}1]]}<tool_call|>`);
    expect(malformed.calls).toMatchObject([{ name: "web_search", ended: true, cut: false }]);
  });

  it("keeps a bare word that is no literal as a string, up to its first comma or bracket", () => {
    const result = run(`<|tool_call>call:f{mode:fast,n:1,list:[a b,c]}<tool_call|>`);
    expect(result.problems).toEqual([]);
    expect(argumentsOf(result)).toEqual([{ mode: "fast", n: 1, list: ["a b", "c"] }]);
    expect(codesOf(result)).toEqual(["gemma4.bare_string", "gemma4.bare_string", "gemma4.bare_string"]);
    // A number that is not JSON's (`.5`, `1.`) is a word too, never a guessed number.
    expect(argumentsOf(run(`<|tool_call>call:f{a:.5,b:1.}<tool_call|>`))).toEqual([{ a: ".5", b: "1." }]);
  });

  it("reads a bare call: glued to the thought channel's close, and <call>NAME{ in content (e046)", () => {
    const afterChannel = run(`<|channel>thought\nread it<channel|>call:bash{command:${Q}cat a.c${Q}}`, {
      reasoning: gemma4ReasoningDialect(),
    });
    expect(afterChannel.reasoning).toBe("read it");
    expect(afterChannel.calls).toMatchObject([
      { name: "bash", arguments: { command: "cat a.c" }, ended: true },
    ]);
    expect(afterChannel.warnings).toEqual([]);
    const fragment = run(`<call>bash{command:${Q}ls${Q}}<tool_call|>`);
    expect(fragment.calls).toMatchObject([{ name: "bash", arguments: { command: "ls" } }]);
  });

  it("reads a bare call:NAME{ at the start of a line or of the answer (vLLM's fallback tier)", () => {
    const afterProse = run(`some prose\ncall:bash{command:${Q}make -j8${Q}}`);
    expect(afterProse.content).toBe("some prose\n");
    expect(afterProse.calls).toMatchObject([
      { name: "bash", arguments: { command: "make -j8" }, ended: true },
    ]);
    expect(afterProse.warnings).toEqual([]);
    const atStart = run(`call:web-search{query:${Q}gemma 4 release${Q}}`);
    expect(atStart.calls).toMatchObject([{ name: "web-search", arguments: { query: "gemma 4 release" } }]);
    // Split right after the newline and inside `call:`.
    const split = run(["a\n", "ca", "ll:f{x:1}"]);
    expect(split.calls).toMatchObject([{ name: "f", arguments: { x: 1 } }]);
    // A line that starts with other words, or `call:` not followed by NAME{, is text.
    for (const text of ["call me\ncalling:f{x:1}", "call: 555-1234", "a\n call:f{x:1}"]) {
      expect(run(text).calls, text).toEqual([]);
      expect(run(text).content, text).toBe(text);
    }
  });

  it("never starts a call at prose call: or at a bare opener while reasoning is open", () => {
    expect(run("Use call:f{x:1} to call it.").calls).toEqual([]);
    const inReasoning = runWithPolicy([`<call>f{x:1}<tool_call|>`], "explicit");
    expect(inReasoning.calls).toEqual([]);
    expect(runWithPolicy(["call:f{x:1}"], "explicit").calls).toEqual([]);
    expect(runWithPolicy([`<|tool_call>call:f{x:1}<tool_call|>`], "explicit").calls).toHaveLength(1);
    expect(runWithPolicy([`<|tool_call>call:f{x:1}<tool_call|>`], "none").calls).toEqual([]);
  });

  it("ends open reasoning at a confirmed <|tool_call>", () => {
    const result = run(`<|channel>thought\nplan<|tool_call>call:f{x:1}<tool_call|>`, {
      reasoning: gemma4ReasoningDialect(),
    });
    expect(result.reasoning).toBe("plan");
    expect(result.calls).toMatchObject([{ name: "f", arguments: { x: 1 }, ended: true }]);
  });

  it("keeps an opener that no header follows as text", () => {
    for (const text of [
      "<|tool_call> hello",
      "<|tool_call>call:{x:1}",
      "<|tool_call>call:a b{",
      "<call>",
      "<|tool_call>",
    ]) {
      const result = run(text);
      expect(result.calls, text).toEqual([]);
      expect(result.content, text).toBe(text);
    }
  });

  it("cuts a call the stream ends inside, never closing it by a guess (e038)", () => {
    const result = run(`<|tool_call>call:get_weather{location:${Q}London`);
    expect(result.calls).toMatchObject([{ name: "get_weather", ended: true, cut: true }]);
    expect(result.calls[0]?.argumentsJson).toBe('{"location": "London');
    expect(codesOf(result)).toEqual(["gemma4.unterminated_call"]);
    expect(result.content).toBeNull();
  });

  it("cuts a call whose close marker or next opener comes before its arguments are complete", () => {
    const closed = run(`<|tool_call>call:f{a:[1,2<tool_call|>after`);
    expect(closed.calls).toMatchObject([{ name: "f", cut: true }]);
    expect(codesOf(closed)).toEqual(["gemma4.unclosed_arguments"]);
    expect(closed.content).toBe("after");
    const reopened = run(`<|tool_call>call:f{a:1<|tool_call>call:g{b:2}<tool_call|>`);
    expect(reopened.calls).toMatchObject([
      { name: "f", cut: true },
      { name: "g", arguments: { b: 2 }, ended: true, cut: false },
    ]);
  });

  it("keeps text that fits no key or value as markup, with one warning, and a key without a value out", () => {
    const result = run(`<|tool_call>call:f{a:${Q}x${Q};b,c:,d:}<tool_call|>`);
    expect(result.problems).toEqual([]);
    expect(argumentsOf(result)).toEqual([{ a: "x" }]);
    expect(codesOf(result)).toEqual([
      "gemma4.stray_text_in_call",
      "gemma4.missing_value",
      "gemma4.missing_value",
    ]);
  });

  it("ends a left-out value where it ends, repeated keys inside it included (found by the chunking property)", () => {
    const result = run(`<|tool_call>call:f{q:[],q:{x:[],x:[]},r:1}<tool_call|>`);
    expect(result.problems).toEqual([]);
    expect(result.calls[0]?.argumentsJson).toBe('{"q": [], "r": 1}');
  });

  it('does not let a bare word run on to a later <|"|> across brackets (found by the chunking property)', () => {
    const result = run(`<|tool_call>call:f{q:[[word]]}<channel|>call:g{q:{a:${Q}Oslo${Q}}}<tool_call|>`);
    expect(result.problems).toEqual([]);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["f", { q: [["word"]] }],
      ["g", { q: { a: "Oslo" } }],
    ]);
  });

  it("writes no key twice: a repeated key's value, nested or not, is read and left out", () => {
    const result = run(`<|tool_call>call:f{a:1,a:{b:[2,${Q}x${Q}]},c:{d:1,d:2},a:${Q}s${Q},e:3}<tool_call|>`);
    expect(result.problems).toEqual([]);
    expect(result.calls[0]?.argumentsJson).toBe('{"a": 1, "c": {"d": 1}, "e": 3}');
    expect(codesOf(result)).toEqual(["gemma4.repeated_key", "gemma4.repeated_key", "gemma4.repeated_key"]);
  });

  it("cuts a call nested deeper than the limit and skips the rest of it", () => {
    const deep = `<|tool_call>call:f{a:${"[".repeat(300)}1${"]".repeat(300)}}<tool_call|>tail`;
    const result = run(deep);
    expect(result.calls).toMatchObject([{ name: "f", cut: true }]);
    expect(codesOf(result)).toEqual(["gemma4.too_deep"]);
    expect(result.content).toBe("tail");
  });

  it("holds no more than its bounds while it decides", () => {
    const probe = createProbe();
    probe.parser.push(`<|tool_call>call:f{q:${"w".repeat(10_000)}`);
    expect(probe.parser.heldLength).toBeLessThan(100);
    probe.parser.push(`}<tool_call|>`);
    probe.parser.end();
    expect(probe.ended()).toBe(1);
    const name = createProbe();
    name.parser.push(`<|tool_call>call:${"n".repeat(1000)}`);
    expect(name.text()).toContain("<|tool_call>");
  });
});
