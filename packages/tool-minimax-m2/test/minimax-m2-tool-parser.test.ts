import { createParserContext, type JsonSchema } from "@sluice/core";
import { normalizeSegments, runStream, summarize } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { DEFAULT_MINIMAX_M2_LIMITS, MinimaxM2ToolParser, minimaxM2ToolDialect } from "../src";
import { argumentsOf, codesOf, createProbe, runMinimax, runWithPolicy } from "./run-minimax";

const WEATHER: Record<string, JsonSchema> = {
  get_weather: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } },
};
const WRITE_FILE: Record<string, JsonSchema> = {
  write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
};

/** One invoke as MiniMax's chat template writes it. */
const invoke = (name: string, parameters: Record<string, string>) =>
  `<invoke name="${name}">\n${Object.entries(parameters)
    .map(([key, value]) => `<parameter name="${key}">${value}</parameter>\n`)
    .join("")}</invoke>\n`;
const block = (...invokes: string[]) => `<minimax:tool_call>\n${invokes.join("")}</minimax:tool_call>`;

describe("minimaxM2ToolDialect", () => {
  it("is the minimax_m2 tool dialect, also under SGLang's name, with its six markers", () => {
    expect(minimaxM2ToolDialect()).toMatchObject({
      kind: "tool",
      id: "minimax_m2",
      aliases: ["minimax-m2"],
      markers: [
        "<minimax:tool_call>",
        "<invoke name=",
        "<parameter name=",
        "</parameter>",
        "</invoke>",
        "</minimax:tool_call>",
      ],
    });
    expect(minimaxM2ToolDialect().requestFields).toBeUndefined();
  });
});

describe("call start", () => {
  it("starts at <minimax:tool_call>, optional whitespace, <invoke name=N>, and keeps the source as markup", () => {
    const input = block(invoke("get_weather", { city: "Paris" }));
    const result = runMinimax(input, { tools: WEATHER });
    expect(result.calls).toMatchObject([{ name: "get_weather", arguments: { city: "Paris" }, ended: true }]);
    expect(result).toMatchObject({ content: null, markup: input, warnings: [] });
  });

  it("emits tool-call-start and `{` as soon as <invoke name=N> is complete", () => {
    const probe = createProbe();
    probe.parser.push('<minimax:tool_call>\n<invoke name="get_wea');
    expect(probe.started()).toBe(0);
    probe.parser.push('ther"');
    expect(probe.started()).toBe(0);
    probe.parser.push(">");
    expect(probe.segments).toContainEqual({ type: "tool-call-start", callIndex: 0, name: "get_weather" });
    expect(probe.argumentsJson()).toBe("{");
  });

  it("reads the name double-quoted, single-quoted or bare (d134, the vLLM engine's forms)", () => {
    for (const name of ['"f"', "'f'", "f"]) {
      const result = runMinimax(`<minimax:tool_call><invoke name=${name}></invoke></minimax:tool_call>`);
      expect(result.calls, name).toMatchObject([{ name: "f", arguments: {} }]);
      expect(result.content, name).toBeNull();
    }
  });

  it("refuses names that are not names and accepts up to 256 characters", () => {
    for (const name of [
      '"{{ tool.name }}"',
      '"a b"',
      '""',
      '"f',
      "\"f'",
      "a b",
      '"a<b"',
      `"${"x".repeat(257)}"`,
    ]) {
      const input = `<minimax:tool_call>\n<invoke name=${name}>\n<parameter name="a">1</parameter>\n</invoke>\n</minimax:tool_call>`;
      expect(runMinimax(input), name).toMatchObject({ content: input, calls: [] });
    }
    const long = "x".repeat(256);
    expect(runMinimax(block(invoke(long, {}))).calls).toMatchObject([{ name: long }]);
  });

  it("passes a <minimax:tool_call> not followed by <invoke name=N> on as text, losslessly (d125)", () => {
    const noName =
      '<minimax:tool_call>\n<invoke>\n<parameter name="city">Miami</parameter>\n</invoke>\n</minimax:tool_call>';
    expect(runMinimax(noName)).toMatchObject({ content: noName, calls: [] });
    const prose = "I could use <minimax:tool_call> here, but I will not.";
    expect(runMinimax(prose)).toMatchObject({ content: prose, calls: [] });
  });

  it("scans on right after a refused <minimax:tool_call>", () => {
    const result = runMinimax(`<minimax:tool_call>${block(invoke("f", {}))}`);
    expect(result.content).toBe("<minimax:tool_call>");
    expect(result.calls).toHaveLength(1);
  });

  it("bounds the whitespace between <minimax:tool_call> and <invoke (64 characters)", () => {
    const call = '<invoke name="f"></invoke></minimax:tool_call>';
    expect(runMinimax(`<minimax:tool_call>${" ".repeat(64)}${call}`).calls).toHaveLength(1);
    const tooFar = `<minimax:tool_call>${" ".repeat(65)}${call}`;
    expect(runMinimax(tooFar)).toMatchObject({ content: tooFar, calls: [] });
  });

  it("keeps an invoke without its wrapper, and stray closing tags, as text", () => {
    const input =
      '<invoke name="f">\n<parameter name="a">1</parameter>\n</invoke>\n</minimax:tool_call> </parameter>';
    expect(runMinimax(input)).toMatchObject({ content: input, calls: [] });
  });

  it("holds an undecided start and passes it on as text at the end of the stream", () => {
    const probe = createProbe();
    probe.parser.push('text <minimax:tool_call>\n<invoke name="get_');
    expect(probe.text()).toBe("text ");
    expect(probe.parser.heldLength).toBe('<minimax:tool_call>\n<invoke name="get_'.length);
    probe.parser.end();
    expect(probe.parser.heldLength).toBe(0);
    expect(summarize(normalizeSegments(probe.segments))).toMatchObject({
      content: 'text <minimax:tool_call>\n<invoke name="get_',
      calls: [],
    });
  });
});

describe("call-start policy", () => {
  const input = block(invoke("f", {}));

  it("accepts the block under `all` and `explicit` (it is an explicit wrapper)", () => {
    expect(runWithPolicy([input], "all").calls).toHaveLength(1);
    expect(runWithPolicy([input], "explicit").calls).toHaveLength(1);
  });

  it("accepts no call under `none`: the block stays text, losslessly", () => {
    expect(runWithPolicy([input], "none")).toMatchObject({ calls: [], content: input, problems: [] });
  });

  it("asks the policy at each candidate start", () => {
    const answers = ["none", "all"] as const;
    let asked = 0;
    const context = {
      ...createParserContext({ thinking: false }),
      callStartPolicy: () => answers[Math.min(asked++, answers.length - 1)] ?? "all",
    };
    const inline = '<minimax:tool_call><invoke name="f"></invoke></minimax:tool_call>';
    const segments = runStream(
      (sink) => new MinimaxM2ToolParser(context, sink, DEFAULT_MINIMAX_M2_LIMITS),
      [`${inline} ${inline}`],
    );
    const summary = summarize(normalizeSegments(segments));
    expect(summary.calls).toHaveLength(1);
    expect(summary.content).toBe(`${inline} `);
    expect(asked).toBe(2);
  });
});

describe("several invokes", () => {
  it("makes every invoke in one block a call of its own (d115), with consecutive call indexes", () => {
    const result = runMinimax(
      block(invoke("get_weather", { city: "Paris" }), invoke("get_weather", { city: "London" })),
      { tools: WEATHER },
    );
    expect(result.calls.map((call) => call.callIndex)).toEqual([0, 1]);
    expect(argumentsOf(result)).toEqual([{ city: "Paris" }, { city: "London" }]);
    expect(result).toMatchObject({ content: null, warnings: [] });
  });

  it("takes several blocks, and invokes with no whitespace between them (d131)", () => {
    const tight =
      '<minimax:tool_call><invoke name="a"><parameter name="x">1</parameter></invoke><invoke name="b"><parameter name="y">2</parameter></invoke></minimax:tool_call>';
    const result = runMinimax(`${tight}\n${block(invoke("c", { z: "3" }))}`);
    expect(result.calls.map((call) => call.name)).toEqual(["a", "b", "c"]);
    expect(argumentsOf(result)).toEqual([{ x: "1" }, { y: "2" }, { z: "3" }]);
    expect(result.content).toBeNull();
  });

  it("ends a call whose </invoke> is missing at the next complete <invoke name=N> between parameters", () => {
    const result = runMinimax(
      '<minimax:tool_call>\n<invoke name="a">\n<invoke name="b">\n<parameter name="x">1</parameter>\n</invoke>\n</minimax:tool_call>',
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["a", {}],
      ["b", { x: "1" }],
    ]);
    expect(result.warnings).toMatchObject([
      { code: "minimax_m2.missing_invoke_close", raw: '<invoke name="b">' },
    ]);
  });

  it("keeps </parameter><invoke name=N> inside a value: only a parameter, </invoke>, the block's close or the end closes it", () => {
    const result = runMinimax(
      '<minimax:tool_call>\n<invoke name="a">\n<parameter name="x">1</parameter>\n<invoke name="b">\n</invoke>\n</minimax:tool_call>',
    );
    expect(argumentsOf(result)).toEqual([{ x: '1</parameter>\n<invoke name="b">\n</invoke>\n' }]);
    expect(codesOf(result)).toEqual(["minimax_m2.unclosed_parameter", "minimax_m2.missing_invoke_close"]);
  });

  it("ends the call and the block at </minimax:tool_call> without </invoke>", () => {
    const result = runMinimax(
      '<minimax:tool_call>\n<invoke name="a">\n<parameter name="x">1</parameter>\n</minimax:tool_call>after',
    );
    expect(argumentsOf(result)).toEqual([{ x: "1" }]);
    expect(result.content).toBe("after");
    expect(codesOf(result)).toEqual(["minimax_m2.missing_invoke_close"]);
  });

  it("ends a block the model did not close at the first text after an invoke", () => {
    const result = runMinimax(`<minimax:tool_call>\n${invoke("a", {})}\nDone. </minimax:tool_call>`);
    expect(result.calls).toHaveLength(1);
    expect(result.content).toBe("\n\nDone. </minimax:tool_call>");
  });
});

describe("between parameters", () => {
  it("keeps whitespace between tags as markup, whatever the indentation (d127)", () => {
    const input =
      '<minimax:tool_call>\n    <invoke name="f">\n        <parameter name="a">1</parameter>\n\t<parameter name="b">2</parameter>    </invoke>\n</minimax:tool_call>';
    const result = runMinimax(input);
    expect(argumentsOf(result)).toEqual([{ a: "1", b: "2" }]);
    expect(result).toMatchObject({ content: null, markup: input, warnings: [] });
  });

  it("keeps stray text as markup with one warning per run", () => {
    const result = runMinimax(
      block(
        '<invoke name="f">\nnote to self\n<parameter name="a">1</parameter>\n</invoke>\n',
        '<invoke name="g">\noops <b>\n</invoke>\n',
      ),
    );
    expect(argumentsOf(result)).toEqual([{ a: "1" }, {}]);
    expect(result.content).toBeNull();
    expect(result.warnings).toMatchObject([
      { code: "minimax_m2.stray_text_in_call", raw: "note to self" },
      { code: "minimax_m2.stray_text_in_call", raw: "oops <b>" },
    ]);
  });

  it("never takes a repeated parameter for a new key: it stays in the value before it (no duplicate keys)", () => {
    const result = runMinimax(
      block(
        '<invoke name="f">\n<parameter name="a">1</parameter>\n<parameter name="a">2</parameter>\n</invoke>\n',
      ),
    );
    expect(argumentsOf(result)).toEqual([{ a: '1</parameter>\n<parameter name="a">2</parameter>\n' }]);
    expect(codesOf(result)).toEqual(["minimax_m2.unclosed_parameter"]);
  });

  it("treats a <parameter name= that is no tag as stray text", () => {
    const broken = runMinimax(block('<invoke name="f">\n<parameter name="x\nfoo\n</invoke>\n'));
    expect(argumentsOf(broken)).toEqual([{}]);
    expect(codesOf(broken)).toEqual(["minimax_m2.stray_text_in_call"]);
  });
});

describe("values", () => {
  const parameterValue = (source: string, tools: Record<string, JsonSchema> = {}) =>
    argumentsOf(
      runMinimax(block(`<invoke name="f">\n<parameter name="v">${source}</parameter>\n</invoke>\n`), {
        tools,
      }),
    )[0];

  it("keeps the raw text exactly: the template adds no newline around a value (d127)", () => {
    expect(parameterValue("\nx\n")).toEqual({ v: "\nx\n" });
    expect(parameterValue("  spaces  ")).toEqual({ v: "  spaces  " });
    expect(parameterValue("\ttab\t")).toEqual({ v: "\ttab\t" });
    expect(parameterValue("")).toEqual({ v: "" });
    expect(parameterValue("\r\n")).toEqual({ v: "\r\n" });
  });

  it("does not decode entities: the template writes values raw", () => {
    expect(parameterValue("Tom &amp; Jerry &lt;b&gt;")).toEqual({ v: "Tom &amp; Jerry &lt;b&gt;" });
  });

  it("keeps markup-looking text that is not a MiniMax tag (d122)", () => {
    expect(parameterValue("<html><body>Hello</body></html>")).toEqual({
      v: "<html><body>Hello</body></html>",
    });
    expect(parameterValue("a <think>b</think> c")).toEqual({ v: "a <think>b</think> c" });
  });
});

describe("structural closing (docs/dialects.md §2, as qwen_xml)", () => {
  const call = (body: string) =>
    `<minimax:tool_call>\n<invoke name="write_file">\n${body}</invoke>\n</minimax:tool_call>`;

  it("keeps a </parameter> that nothing structural follows as value text", () => {
    const result = runMinimax(call('<parameter name="content">a</parameter>b</parameter>\n'), {
      tools: WRITE_FILE,
    });
    expect(argumentsOf(result)).toEqual([{ content: "a</parameter>b" }]);
    expect(result.warnings).toEqual([]);
  });

  it("closes at </parameter> before any parameter not yet given, even one the schema does not name", () => {
    const result = runMinimax(
      call(
        '<parameter name="content">A</parameter>\n<parameter name="mode">w</parameter>\n<parameter name="path">p</parameter>\n',
      ),
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(result)).toEqual([{ content: "A", mode: "w", path: "p" }]);
    expect(result.warnings).toEqual([]);
  });

  it("keeps markup quoted in a value whole: a made-up parameter whose value holds a stray </parameter>", () => {
    const quoted =
      'TEMPLATE = """\n</parameter>\n<parameter name="new_string">#!/usr/bin/env python3</parameter>\n"""';
    const result = runMinimax(
      call(`<parameter name="path">t.py</parameter>\n<parameter name="content">${quoted}</parameter>\n`),
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(result)).toEqual([{ path: "t.py", content: quoted }]);
    expect(result.warnings).toEqual([]);
  });

  it("decides a made-up parameter as a key, with a warning, when its value passes the look-ahead bound", () => {
    const long = "x".repeat(DEFAULT_MINIMAX_M2_LIMITS.maxMadeUpLookahead + 10);
    const result = runMinimax(
      call(
        `<parameter name="path">p</parameter>\n<parameter name="notes">${long}</parameter>\n<parameter name="content">c</parameter>\n`,
      ),
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(result)).toEqual([{ path: "p", notes: long, content: "c" }]);
    expect(codesOf(result)).toEqual(["minimax_m2.undecided_parameter"]);
  });

  it("does not close before a parameter already given", () => {
    const result = runMinimax(
      call(
        '<parameter name="path">p</parameter>\n<parameter name="content">A</parameter>\n<parameter name="path">B</parameter>\n',
      ),
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(result)).toEqual([
      { path: "p", content: 'A</parameter>\n<parameter name="path">B</parameter>\n' },
    ]);
    expect(codesOf(result)).toEqual(["minimax_m2.unclosed_parameter"]);
  });

  it("nests a literal MiniMax call in a value (a file of tool-call fixtures), with and without tools", () => {
    const fixture = `expected = """\n${block(invoke("get_weather", { city: "Paris" }))}\n"""\n`;
    const source = call(
      `<parameter name="path">fixture.py</parameter>\n<parameter name="content">${fixture}</parameter>\n`,
    );
    for (const tools of [WRITE_FILE, {}]) {
      const result = runMinimax(source, { tools });
      expect(argumentsOf(result)).toEqual([{ path: "fixture.py", content: fixture }]);
      expect(result.warnings).toEqual([]);
    }
  });

  it("closes a value with no </parameter> at a structural <parameter name= that starts a line", () => {
    const result = runMinimax(
      '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris\n<parameter name="days">3</parameter>\n</invoke>\n</minimax:tool_call>',
      { tools: WEATHER },
    );
    expect(argumentsOf(result)).toEqual([{ city: "Paris\n", days: 3 }]);
    expect(codesOf(result)).toEqual(["minimax_m2.unclosed_parameter"]);
    const midLine = runMinimax(
      '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris <parameter name="days">3</parameter>\n</invoke>\n</minimax:tool_call>',
      { tools: WEATHER },
    );
    expect(argumentsOf(midLine)).toEqual([{ city: 'Paris <parameter name="days">3</parameter>\n' }]);
  });

  it("closes value and call at a </invoke> followed by </minimax:tool_call>, the next invoke or the end", () => {
    const open = '<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">v\n</invoke>';
    expect(argumentsOf(runMinimax(`${open}\n</minimax:tool_call>`))).toEqual([{ a: "v\n" }]);
    expect(argumentsOf(runMinimax(`${open}\n<invoke name="g"></invoke></minimax:tool_call>`))).toEqual([
      { a: "v\n" },
      {},
    ]);
    expect(codesOf(runMinimax(`${open}  `))).toEqual(["minimax_m2.unclosed_parameter"]);
    const literal = runMinimax(`${open} is a tag</parameter>\n</invoke>\n</minimax:tool_call>`);
    expect(argumentsOf(literal)).toEqual([{ a: "v\n</invoke> is a tag" }]);
    expect(literal.warnings).toEqual([]);
  });

  it("closes value, call and block at a </minimax:tool_call> followed by a new block or the end", () => {
    const result = runMinimax(
      '<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">v</minimax:tool_call>\n',
    );
    expect(argumentsOf(result)).toEqual([{ a: "v" }]);
    expect(codesOf(result)).toEqual(["minimax_m2.unclosed_parameter", "minimax_m2.missing_invoke_close"]);
    const literal = runMinimax(
      '<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">use </minimax:tool_call> here</parameter>\n</invoke>\n</minimax:tool_call>',
    );
    expect(argumentsOf(literal)).toEqual([{ a: "use </minimax:tool_call> here" }]);
  });

  it("holds a close candidate until what follows decides", () => {
    const probe = createProbe(WRITE_FILE);
    probe.parser.push('<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="content">body');
    expect(probe.argumentsJson()).toBe('{"content": "body');
    probe.parser.push("</parameter>");
    probe.parser.push("\n  ");
    probe.parser.push("</inv");
    expect(probe.argumentsJson()).toBe('{"content": "body');
    probe.parser.push("oke>");
    expect(probe.argumentsJson()).toBe('{"content": "body"}');
    expect(probe.ended()).toBe(1);
  });
});

describe("types (docs/dialects.md §2, Types)", () => {
  const TYPED: Record<string, JsonSchema> = {
    t: {
      type: "object",
      properties: {
        count: { type: "integer" },
        flag: { type: "boolean" },
        data: { type: "object" },
        list: { type: "array" },
        label: { type: "string" },
        maybe: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
    },
  };

  it("types values by the schema and warns when it keeps or repairs (d133, d137)", () => {
    const result = runMinimax(
      block(
        invoke("t", {
          count: "7",
          flag: "True",
          data: "{'k': None}",
          list: '["a", "b"]',
          label: "42",
          maybe: "null",
        }),
      ),
      { tools: TYPED },
    );
    expect(argumentsOf(result)).toEqual([
      { count: 7, flag: true, data: { k: null }, list: ["a", "b"], label: "42", maybe: null },
    ]);
    expect(codesOf(result)).toEqual(["minimax_m2.value_repaired"]);
    const kept = runMinimax(block(invoke("t", { count: "many" })), { tools: TYPED });
    expect(argumentsOf(kept)).toEqual([{ count: "many" }]);
    expect(kept.warnings).toMatchObject([{ code: "minimax_m2.value_kept_as_string", raw: "many" }]);
  });

  it("keeps a parameter the schema does not name, and every value of a request without tools, a string (d112, d116)", () => {
    expect(argumentsOf(runMinimax(block(invoke("t", { extra: "5" })), { tools: TYPED }))).toEqual([
      { extra: "5" },
    ]);
    const d116 = runMinimax(
      block(
        invoke("process", { count: "42", rate: "1.5", enabled: "true", data: "null", text: "string value" }),
      ),
    );
    expect(argumentsOf(d116)).toEqual([
      { count: "42", rate: "1.5", enabled: "true", data: "null", text: "string value" },
    ]);
  });

  it("emits a call to a tool the request does not offer, its values raw strings (d135)", () => {
    const result = runMinimax(
      '<minimax:tool_call><invoke name="img_gen"><parameter name="prompt">cat</parameter></invoke><invoke name="search"><parameter name="query">news</parameter></invoke></minimax:tool_call>',
      { tools: { search: { type: "object", properties: {} } } },
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["img_gen", { prompt: "cat" }],
      ["search", { query: "news" }],
    ]);
  });
});

describe("live streaming", () => {
  it("streams a string value's text in deltas before its close tag arrives", () => {
    const probe = createProbe(WRITE_FILE);
    probe.parser.push('<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="content">');
    expect(probe.argumentsJson()).toBe('{"content": "');
    probe.parser.push("hello ");
    expect(probe.argumentsJson()).toBe('{"content": "hello ');
    probe.parser.push("wor");
    expect(probe.argumentsJson()).toBe('{"content": "hello wor');
    probe.parser.push("ld\n<");
    expect(probe.argumentsJson()).toBe('{"content": "hello world\\n');
    probe.parser.push("/parameter>");
    expect(probe.argumentsJson()).toBe('{"content": "hello world\\n');
    probe.parser.push('\n<parameter name="path">/tmp/x</parameter>\n</invoke>');
    expect(probe.argumentsJson()).toBe('{"content": "hello world\\n", "path": "/tmp/x"}');
    expect(probe.ended()).toBe(1);
  });

  it("emits non-string values whole at their close, after a comma from the second parameter on", () => {
    const probe = createProbe(WEATHER);
    probe.parser.push(
      '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n<parameter name="days">3',
    );
    expect(probe.argumentsJson()).toBe('{"city": "Paris"');
    probe.parser.push("</parameter>\n</invoke>");
    expect(probe.argumentsJson()).toBe('{"city": "Paris", "days": 3}');
  });

  it("escapes JSON specials and never splits a surrogate pair into two escapes", () => {
    const value = 'quote " backslash \\ tab \t nul \u0000 line\u2028 🌍 end';
    const source = block(invoke("f", { v: value }));
    const split = source.indexOf("🌍") + 1;
    const result = runMinimax([source.slice(0, split), source.slice(split)]);
    expect(argumentsOf(result)).toEqual([{ v: value }]);
    expect(result.calls[0]?.argumentsJson ?? "").not.toMatch(/\\ud83c/i);
  });
});

describe("markers split across chunks", () => {
  it("gives the same call and no leaked text wherever the markers are cut (d119)", () => {
    const source = `Sure.\n${block(invoke("get_weather", { city: "Beijing", days: "2" }))}\nDone.`;
    for (let cut = 1; cut < source.length; cut++) {
      const result = runMinimax([source.slice(0, cut), source.slice(cut)], { tools: WEATHER });
      expect(argumentsOf(result), `cut at ${cut}`).toEqual([{ city: "Beijing", days: 2 }]);
      expect(result.content, `cut at ${cut}`).toBe("Sure.\n\nDone.");
    }
  });
});

describe("text around calls", () => {
  const one = block(invoke("f", {}));

  it("keeps text before, between and after calls; drops whitespace-only text between calls", () => {
    const result = runMinimax(`Intro.\n${one}\n\n${one} and then ${one}\n`);
    expect(result.content).toBe("Intro.\n and then \n");
    expect(result.calls).toHaveLength(3);
    expect(runMinimax(`${one}\n\n${one}`).content).toBeNull();
  });

  it("keeps text before and after the block (d113, d123: streaming peers keep both)", () => {
    const result = runMinimax(`Let me search for that.\n${one}\nThe weather will be...`);
    expect(result.content).toBe("Let me search for that.\n\nThe weather will be...");
  });

  it("passes on whitespace after the last call as text at the end of the stream", () => {
    expect(runMinimax(`${one}\n\n`).content).toBe("\n\n");
  });
});

describe("end of stream inside a call (docs/dialects.md §2)", () => {
  it("cuts a call the stream ended inside, with a warning: nothing closes its value or object (d124)", () => {
    const input =
      '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Chicago</parameter>';
    const result = runMinimax(input, { tools: WEATHER });
    expect(result).toMatchObject({
      content: null,
      calls: [{ argumentsJson: '{"city": "Chicago"', ended: true, cut: true }],
      markup: input,
    });
    expect(codesOf(result)).toEqual(["minimax_m2.unterminated_call"]);
    const cut = runMinimax(
      '<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="content">partial te',
      {
        tools: WRITE_FILE,
      },
    );
    expect(cut.calls).toMatchObject([{ argumentsJson: '{"content": "partial te', cut: true }]);
    expect(codesOf(cut)).toEqual(["minimax_m2.unterminated_call"]);
  });

  it("types nothing it did not see close, and keeps a cut tag as value text", () => {
    const start = '<minimax:tool_call>\n<invoke name="get_weather">\n';
    const cases: [string, string][] = [
      [`${start}<parameter name="days">4`, "{"],
      [start, "{"],
      [`${start}<parameter name="v">Paris</param`, '{"v": "Paris</param'],
      [`${start}<parameter name="v`, "{"],
    ];
    for (const [input, argumentsJson] of cases) {
      const result = runMinimax(input, { tools: WEATHER });
      expect(result.calls, input).toMatchObject([{ argumentsJson, cut: true }]);
      expect(result.markup, input).toBe(input);
    }
  });

  it("ends a block left open after a complete invoke without a warning: the calls are whole", () => {
    const result = runMinimax(`<minimax:tool_call>\n${invoke("f", { a: "1" })}`);
    expect(argumentsOf(result)).toEqual([{ a: "1" }]);
    expect(result.warnings).toEqual([]);
    // The template's newline after `</invoke>` is whitespace after the last call: text (docs/dialects.md §2).
    expect(result.content).toBe("\n");
  });
});
