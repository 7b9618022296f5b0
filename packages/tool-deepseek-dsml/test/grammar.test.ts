import { describe, expect, it } from "vitest";
import { deepseekDsmlToolDialect } from "../src";
import { argumentsOf, runDsml, runWithPolicy, warningCodes } from "./run-dsml";

const D = "｜DSML｜";
const invoke = (name: string, parameters: string, space = "") =>
  `<${D}${space}invoke name="${name}">\n${parameters}</${D}${space}invoke>\n`;
const parameter = (name: string, value: string, string = "true", space = "") =>
  `<${D}${space}parameter name="${name}" string="${string}">${value}</${D}${space}parameter>\n`;
const block = (name: string, body: string, space = "") =>
  `<${D}${space}${name}>\n${body}</${D}${space}${name}>`;

describe("the descriptor (docs/dialects.md §3)", () => {
  it("asks the upstream to keep the special tokens, unspaced, and names the peers' parsers", () => {
    const dialect = deepseekDsmlToolDialect();
    expect(dialect.id).toBe("deepseek_dsml");
    expect(dialect.requestFields).toEqual({
      skip_special_tokens: false,
      spaces_between_special_tokens: false,
    });
    expect(dialect.aliases).toEqual(["deepseek_v32", "deepseek_v4", "deepseekv32", "deepseekv4"]);
    expect(dialect.markers).toContain("<｜DSML｜function_calls>");
    expect(dialect.markers).toContain("<｜end▁of▁sentence｜>");
  });
});

describe("the block names by version (research §4.2)", () => {
  it.each([
    ["V3.2", "function_calls", ""],
    ["V4", "tool_calls", ""],
    ["V4.1 (spaced, r091)", "calls", " "],
  ])("%s: <｜DSML｜%s>", (_version, name, space) => {
    const source = `Checking.\n\n${block(name, invoke("get_weather", parameter("city", "杭州", "true", space) + parameter("count", "42", "false", space), space), space)}`;
    const result = runDsml(source);
    expect(result.content).toBe("Checking.\n\n");
    expect(result.calls.map((call) => call.name)).toEqual(["get_weather"]);
    expect(argumentsOf(result)).toEqual([{ city: "杭州", count: 42 }]);
    expect(result.warnings).toEqual([]);
    expect(result.markup).toBe(source.slice("Checking.\n\n".length));
  });

  it("reads every invoke of a block as its own call, and a second block too", () => {
    const first = block("tool_calls", invoke("a", parameter("x", "1")) + invoke("a", parameter("x", "2")));
    const second = block("tool_calls", invoke("b", ""));
    const result = runDsml(`${first}\n\nThen more.\n${second}`);
    expect(result.calls.map((call) => call.name)).toEqual(["a", "a", "b"]);
    expect(argumentsOf(result)).toEqual([{ x: "1" }, { x: "2" }, {}]);
    expect(result.content).toBe("\n\nThen more.\n");
  });

  it("tolerates whitespace inside the tags and between them", () => {
    const source = `<${D} tool_calls >\n\n<${D} invoke  name="f" >\n  <${D}parameter\tname="p"  string="true" >v</${D} parameter >\n</${D}invoke >\n</${D}tool_calls>`;
    expect(argumentsOf(runDsml(source))).toEqual([{ p: "v" }]);
  });

  it("takes a parameter without a string attribute by the schema, as qwen_xml does", () => {
    const source = block("tool_calls", invoke("f", `<${D}parameter name="n">7</${D}parameter>\n`));
    expect(
      argumentsOf(
        runDsml(source, { tools: { f: { type: "object", properties: { n: { type: "integer" } } } } }),
      ),
    ).toEqual([{ n: 7 }]);
    expect(argumentsOf(runDsml(source))).toEqual([{ n: "7" }]);
  });
});

describe("call starts", () => {
  it("keeps a block opener that no invoke follows as text (lossless)", () => {
    for (const source of [
      `Use <${D}tool_calls> to call tools.`,
      `<${D}function_calls>\n</${D}function_calls>`,
      `<${D}tool_calls>\n<${D}invoke name="{{ name }}">`,
      `<${D}calls>`,
    ]) {
      const result = runDsml(source);
      expect(result.calls, source).toEqual([]);
      expect(result.content, source).toBe(source);
    }
  });

  it("starts a call at a bare invoke in content (vllm #48931: V4 may omit the opener), and eats its stray block close", () => {
    const source = `Let me look.\n\n${invoke("read", parameter("path", "/a"))}${invoke("read", parameter("path", "/b"))}</${D}tool_calls>`;
    const result = runDsml(source);
    expect(argumentsOf(result)).toEqual([{ path: "/a" }, { path: "/b" }]);
    expect(result.content).toBe("Let me look.\n\n");
    expect(result.warnings).toEqual([]);
  });

  it("ends a bare invoke's implicit block at text, without a warning; an explicit block warns", () => {
    const bare = runDsml(`${invoke("f", "")}Done.`);
    expect(bare.content).toBe("Done.");
    expect(bare.warnings).toEqual([]);
    const explicit = runDsml(`${block("tool_calls", invoke("f", "")).replace(`</${D}tool_calls>`, "")}Done.`);
    expect(explicit.content).toBe("Done.");
    expect(warningCodes(explicit)).toEqual(["deepseek_dsml.missing_block_close"]);
  });

  it("consults the call-start policy: all, explicit (only the block opener), none", () => {
    const withBlock = [block("tool_calls", invoke("f", parameter("a", "1")))];
    const bare = [invoke("f", parameter("a", "1"))];
    expect(runWithPolicy(withBlock, "all").calls).toHaveLength(1);
    expect(runWithPolicy(bare, "all").calls).toHaveLength(1);
    expect(runWithPolicy(withBlock, "explicit").calls).toHaveLength(1);
    const bareExplicit = runWithPolicy(bare, "explicit");
    expect(bareExplicit.calls).toEqual([]);
    expect(bareExplicit.content).toBe(bare[0]);
    const none = runWithPolicy(withBlock, "none");
    expect(none.calls).toEqual([]);
    expect(none.content).toBe(withBlock[0]);
    for (const result of [bareExplicit, none]) expect(result.problems).toEqual([]);
  });

  it("skips an invoke with an empty name and keeps parsing the block (d104)", () => {
    const source = block(
      "function_calls",
      `<${D}invoke name="">junk</${D}invoke>\n${invoke("search", parameter("query", "foo"))}`,
    );
    const result = runDsml(source);
    expect(argumentsOf(result)).toEqual([{ query: "foo" }]);
    expect(warningCodes(result)).toEqual(["deepseek_dsml.missing_name"]);
    expect(result.content).toBeNull();
  });

  it("reads a JSON object written directly inside an invoke as the arguments (d098)", () => {
    const source = block(
      "function_calls",
      `<${D}invoke name="get_weather">\n{"location": "Beijing", "note": "a } and </${D}invoke> inside"}\n</${D}invoke>\n`,
    );
    expect(argumentsOf(runDsml(source))).toEqual([
      { location: "Beijing", note: `a } and </${D}invoke> inside` },
    ]);
  });

  it("keeps a direct body that is not one JSON object as stray markup, with a warning", () => {
    const result = runDsml(block("tool_calls", `<${D}invoke name="f">\n{"a": 1\n</${D}invoke>\n`));
    expect(argumentsOf(result)).toEqual([{}]);
    expect(warningCodes(result)).toEqual(["deepseek_dsml.stray_text_in_call"]);
  });
});

describe("drift and truncation", () => {
  it("closes a parameter without </｜DSML｜parameter> at the next one on its line, and at </｜DSML｜invoke>", () => {
    const source = block(
      "tool_calls",
      `<${D}invoke name="f">\n<${D}parameter name="a" string="true">one\n<${D}parameter name="b" string="true">two\n</${D}invoke>\n`,
    );
    const result = runDsml(source);
    expect(argumentsOf(result)).toEqual([{ a: "one\n", b: "two\n" }]);
    expect(warningCodes(result)).toEqual([
      "deepseek_dsml.unclosed_parameter",
      "deepseek_dsml.unclosed_parameter",
    ]);
  });

  it("ends a call without </｜DSML｜invoke> at the next invoke or at the block's close", () => {
    const source = block(
      "tool_calls",
      `<${D}invoke name="f">\n${parameter("a", "1")}<${D}invoke name="g">\n${parameter("b", "2")}`,
    );
    const result = runDsml(source);
    expect(argumentsOf(result)).toEqual([{ a: "1" }, { b: "2" }]);
    expect(warningCodes(result)).toEqual([
      "deepseek_dsml.missing_invoke_close",
      "deepseek_dsml.missing_invoke_close",
    ]);
  });

  it("cuts a call the stream ended inside: nothing closes its value or object", () => {
    const opening = `<${D}tool_calls>\n<${D}invoke name="write">\n<${D}parameter name="content" string="true">half a fi`;
    for (const [source, argumentsJson] of [
      [opening, '{"content": "half a fi'],
      // The value closed, but `</｜DSML｜invoke>` never came.
      [`${opening}</${D}parameter>`, '{"content": "half a fi"'],
      [`${opening}</${D}param`, `{"content": "half a fi</${D}param`],
      // Neither a string="false" value nor a direct JSON body is read before its close.
      [`<${D}tool_calls>\n<${D}invoke name="f">\n<${D}parameter name="n" string="false">4`, "{"],
      [`<${D}tool_calls>\n<${D}invoke name="f">\n{"a": "b`, "{"],
    ]) {
      const result = runDsml(source as string);
      expect(result.calls, source).toMatchObject([{ argumentsJson, ended: true, cut: true }]);
      expect(result.markup, source).toBe(source);
      expect(warningCodes(result), source).toEqual(["deepseek_dsml.unterminated_call"]);
    }
  });

  it("keeps stray text between parameters as markup, with a warning", () => {
    const result = runDsml(block("tool_calls", invoke("f", `oops\n${parameter("a", "1")}`)));
    expect(argumentsOf(result)).toEqual([{ a: "1" }]);
    expect(result.warnings).toMatchObject([{ code: "deepseek_dsml.stray_text_in_call", raw: "oops" }]);
  });

  it("does not repeat a key: after a close, a parameter already given is no boundary (qwen_xml's rule)", () => {
    const repeated = parameter("a", "2");
    const result = runDsml(block("tool_calls", invoke("f", `${parameter("a", "1")}${repeated}`)));
    // The nested opener makes its own close literal, so `</｜DSML｜invoke>` closes the value (with a warning).
    expect(argumentsOf(result)).toEqual([{ a: `1</${D}parameter>\n${repeated}` }]);
    expect(warningCodes(result)).toEqual(["deepseek_dsml.unclosed_parameter"]);
  });

  it("keeps DSML quoted in a value whole: a made-up parameter whose value holds a stray close (as qwen_xml)", () => {
    const tools = {
      write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
    };
    const quoted = `T = """\n</${D}parameter>\n<${D}parameter name="new_string" string="true">#!/usr/bin/env python3\n</${D}parameter>\n"""`;
    const result = runDsml(
      block("tool_calls", invoke("write_file", parameter("path", "t.py") + parameter("content", quoted))),
      { tools },
    );
    expect(argumentsOf(result)).toEqual([{ path: "t.py", content: quoted }]);
    expect(result.warnings).toEqual([]);
    // A made-up parameter whose value closes cleanly is a key; past the look-ahead bound, a key with a warning.
    const madeUp = runDsml(
      block(
        "tool_calls",
        invoke("write_file", parameter("path", "p") + parameter("mode", "w") + parameter("content", "c")),
      ),
      { tools },
    );
    expect(argumentsOf(madeUp)).toEqual([{ path: "p", mode: "w", content: "c" }]);
    const long = "x".repeat(4096 + 10);
    const undecided = runDsml(
      block(
        "tool_calls",
        invoke("write_file", parameter("path", "p") + parameter("notes", long) + parameter("content", "c")),
      ),
      { tools },
    );
    expect(argumentsOf(undecided)).toEqual([{ path: "p", notes: long, content: "c" }]);
    expect(warningCodes(undecided)).toEqual(["deepseek_dsml.undecided_parameter"]);
  });

  it("keeps a close followed by prose in the value: closing is structural (docs/dialects.md §2)", () => {
    const value = `see </${D}parameter> and </${D}invoke> here`;
    const result = runDsml(block("tool_calls", invoke("f", parameter("a", value) + parameter("b", "2"))));
    expect(argumentsOf(result)).toEqual([{ a: value, b: "2" }]);
    expect(result.warnings).toEqual([]);
  });
});

describe("the end-of-sentence marker (research §1.1)", () => {
  const EOS = "<｜end▁of▁sentence｜>";

  it("drops it after the calls and after text", () => {
    const afterCall = runDsml(`${block("tool_calls", invoke("f", parameter("a", "1")))}${EOS}`);
    expect(afterCall.content).toBeNull();
    expect(afterCall.markup.endsWith(EOS)).toBe(true);
    const afterText = runDsml(`All done.${EOS}\n`);
    expect(afterText.content).toBe("All done.");
  });

  it("strips it from a value the model stopped inside (smg strips_eos_from_partial_parameter)", () => {
    const result = runDsml(
      `<${D}tool_calls>\n<${D}invoke name="f">\n<${D}parameter name="a" string="true">abc${EOS}`,
    );
    // The model stopped inside the call: it is cut, the value as far as it came, the marker markup.
    expect(result.calls).toMatchObject([{ argumentsJson: '{"a": "abc', cut: true }]);
    expect(result.markup.endsWith(`abc${EOS}`)).toBe(true);
    expect(warningCodes(result)).toEqual(["deepseek_dsml.unterminated_call"]);
  });

  it("keeps it where text follows it: not trailing, it is the model's text", () => {
    expect(runDsml(`a${EOS}b`).content).toBe(`a${EOS}b`);
    const value = runDsml(block("tool_calls", invoke("f", parameter("a", `x${EOS}y`))));
    expect(argumentsOf(value)).toEqual([{ a: `x${EOS}y` }]);
  });
});
