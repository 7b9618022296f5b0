import { createParserContext, type JsonSchema } from "@sluice/core";
import { normalizeSegments, runStream, summarize } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { DEFAULT_QWEN_XML_LIMITS, QwenXmlToolParser, qwenXmlToolDialect } from "../src";

import { argumentsOf, createProbe, runQwen, runWithPolicy } from "./run-qwen";

const WEATHER: Record<string, JsonSchema> = {
  get_weather: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } },
};
const WRITE_FILE: Record<string, JsonSchema> = {
  write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
};
const codes = (result: { warnings: readonly { code: string }[] }) =>
  result.warnings.map((warning) => warning.code);

describe("qwenXmlToolDialect", () => {
  it("is the qwen_xml tool dialect", () => {
    const dialect = qwenXmlToolDialect();
    expect(dialect).toMatchObject({ kind: "tool", id: "qwen_xml" });
  });
});

describe("call start (rule 1)", () => {
  it("starts at <tool_call>, optional whitespace, <function=NAME>, and keeps the source as markup", () => {
    const input =
      "<tool_call>\n  <function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>";
    const result = runQwen(input, { tools: WEATHER });
    expect(result.calls).toMatchObject([{ name: "get_weather", arguments: { city: "Paris" }, ended: true }]);
    expect(result.content).toBeNull();
    expect(result.markup).toBe(input);
    expect(result.warnings).toEqual([]);
  });

  it("emits tool-call-start and `{` as soon as <function=NAME> is complete", () => {
    const probe = createProbe();
    probe.parser.push("<tool_call>\n<function=get_wea");
    expect(probe.started()).toBe(0);
    probe.parser.push("ther");
    expect(probe.started()).toBe(0);
    probe.parser.push(">");
    expect(probe.segments).toContainEqual({ type: "tool-call-start", callIndex: 0, name: "get_weather" });
    expect(probe.argumentsJson()).toBe("{");
  });

  it("starts at a bare <function=NAME> at the start of the stream or of a line (t006)", () => {
    const call = "<function=f>\n<parameter=a>\n1\n</parameter>\n</function>";
    expect(argumentsOf(runQwen(call))).toEqual([{ a: "1" }]);
    const afterText = runQwen(`Sure.\n${call}`);
    expect(afterText).toMatchObject({ content: "Sure.\n" });
    expect(afterText.calls).toHaveLength(1);
  });

  it("keeps a bare <function=NAME> in the middle of a line as text", () => {
    const input = "see <function=f>\n<parameter=a>1</parameter>\n</function>";
    expect(runQwen(input)).toMatchObject({ content: input, calls: [] });
  });

  it("refuses names that are not names (t033) and accepts up to 256 characters", () => {
    for (const name of ["{{ tc.name }}", "a b", '"f"', "'f'", "", "a<b", "a{b", "x".repeat(257)]) {
      const input = `<tool_call>\n<function=${name}>\n<parameter=a>1</parameter>\n</function>\n</tool_call>`;
      expect(runQwen(input), name).toMatchObject({ content: input, calls: [] });
    }
    const long = "x".repeat(256);
    expect(runQwen(`<tool_call><function=${long}></function></tool_call>`).calls).toMatchObject([
      { name: long },
    ]);
  });

  it("refuses a name cut by a newline (t035)", () => {
    const input = "<tool_call>\n<function=bad_func_no_gt\n</function>\n</tool_call>";
    expect(runQwen(input)).toMatchObject({ content: input, calls: [] });
  });

  it("passes a <tool_call> not followed by <function= on as text and scans on right after it (t034, t066)", () => {
    const result = runQwen(
      "I'll show: <tool_call>example</tool_call>. Now:\n<tool_call>\n<function=log>\n<parameter=msg>\nhi\n</parameter>\n</function>\n</tool_call>",
    );
    expect(result.content).toBe("I'll show: <tool_call>example</tool_call>. Now:\n");
    expect(argumentsOf(result)).toEqual([{ msg: "hi" }]);
    const doubled = runQwen("<tool_call><tool_call>\n<function=f>\n</function>\n</tool_call>");
    expect(doubled.content).toBe("<tool_call>");
    expect(doubled.calls).toHaveLength(1);
    const noName = "<tool_call>\n<function>\n<parameter=city>Miami</parameter>\n</function>\n</tool_call>";
    expect(runQwen(noName)).toMatchObject({ content: noName, calls: [] });
  });

  it("bounds the whitespace between <tool_call> and <function= (64 characters)", () => {
    expect(runQwen(`<tool_call>${" ".repeat(64)}<function=f></function>`).calls).toHaveLength(1);
    const tooFar = `<tool_call>${" ".repeat(65)}<function=f></function>`;
    expect(runQwen(tooFar)).toMatchObject({ content: tooFar, calls: [] });
  });

  it("keeps a stray </tool_call> or </function> in text as text (docs/architecture.md I4)", () => {
    const input = "a </tool_call> b </function> c </parameter>";
    expect(runQwen(input)).toMatchObject({ content: input, calls: [] });
  });

  it("treats a function not in tools as a call whose values are raw strings (t015)", () => {
    const result = runQwen(
      "<tool_call>\n<function=other>\n<parameter=n>\n42\n</parameter>\n</function>\n</tool_call>",
      {
        tools: WEATHER,
      },
    );
    expect(result.calls).toMatchObject([{ name: "other", arguments: { n: "42" } }]);
  });

  it("holds an undecided start and passes it on as text at the end of the stream", () => {
    const probe = createProbe();
    probe.parser.push("text <tool_call>\n<func");
    expect(probe.parser.heldLength).toBe("<tool_call>\n<func".length);
    probe.parser.end();
    expect(probe.parser.heldLength).toBe(0);
    expect(summarize(normalizeSegments(probe.segments))).toMatchObject({
      content: "text <tool_call>\n<func",
      calls: [],
    });
  });
});

describe("call-start policy (rule 1)", () => {
  const wrapped = "<tool_call>\n<function=f>\n</function>\n</tool_call>";
  const bare = "<function=f>\n</function>";

  it("accepts both forms under `all`", () => {
    expect(runWithPolicy([wrapped], "all").calls).toHaveLength(1);
    expect(runWithPolicy([bare], "all").calls).toHaveLength(1);
  });

  it("accepts only the <tool_call> form under `explicit`", () => {
    expect(runWithPolicy([wrapped], "explicit").calls).toHaveLength(1);
    expect(runWithPolicy([bare], "explicit")).toMatchObject({ calls: [], content: bare, problems: [] });
  });

  it("accepts no call under `none`", () => {
    expect(runWithPolicy([wrapped], "none")).toMatchObject({ calls: [], content: wrapped, problems: [] });
    expect(runWithPolicy([bare], "none")).toMatchObject({ calls: [], content: bare, problems: [] });
  });

  it("asks the policy at each candidate start", () => {
    const answers = ["none", "all"] as const;
    let asked = 0;
    const context = {
      ...createParserContext({ thinking: false }),
      callStartPolicy: () => answers[Math.min(asked++, answers.length - 1)] ?? "all",
    };
    const inline = "<tool_call><function=f></function></tool_call>";
    const segments = runStream(
      (sink) => new QwenXmlToolParser(context, sink, DEFAULT_QWEN_XML_LIMITS),
      [`${inline} ${inline}`],
    );
    const summary = summarize(normalizeSegments(segments));
    expect(summary.calls).toHaveLength(1);
    expect(summary.content).toBe(`${inline} `);
    // The bare <function=f> in the middle of the line was no candidate, so it did not ask.
    expect(asked).toBe(2);
  });
});

describe("between parameters (rule 2)", () => {
  it("keeps whitespace between tags as markup", () => {
    const input =
      "<tool_call>\n<function=f>\n  \n<parameter=a>1</parameter>\n\t<parameter=b>2</parameter></function>\n</tool_call>";
    const result = runQwen(input);
    expect(argumentsOf(result)).toEqual([{ a: "1", b: "2" }]);
    expect(result).toMatchObject({ content: null, markup: input, warnings: [] });
  });

  it("keeps stray text as markup with one warning per run", () => {
    const result = runQwen(
      "<function=f>\nnote to self\n<parameter=a>1</parameter>\n</function>\n<function=g>\noops <b>\n</function>",
    );
    expect(argumentsOf(result)).toEqual([{ a: "1" }, {}]);
    expect(result.content).toBeNull();
    expect(result.warnings).toMatchObject([
      { code: "qwen_xml.stray_text_in_call", raw: "note to self" },
      { code: "qwen_xml.stray_text_in_call", raw: "oops <b>" },
    ]);
  });

  it("keeps text after a </parameter> that nothing structural follows in the value (rule 4)", () => {
    const result = runQwen("<function=f>\n<parameter=a>1</parameter>\noops\n</function>");
    expect(argumentsOf(result)).toEqual([{ a: "1</parameter>\noops" }]);
    expect(codes(result)).toEqual(["qwen_xml.unclosed_parameter"]);
  });

  it("treats a <parameter= with no > on its line as stray text", () => {
    const result = runQwen("<function=f>\n<parameter=x\nfoo\n</function>");
    expect(argumentsOf(result)).toEqual([{}]);
    expect(codes(result)).toEqual(["qwen_xml.stray_text_in_call"]);
  });

  it("ends the call at </function>, consuming whitespace and </tool_call> as markup", () => {
    const result = runQwen("<tool_call>\n<function=f>\n</function>\n \n</tool_call>");
    expect(result).toMatchObject({ content: null, warnings: [] });
    expect(argumentsOf(result)).toEqual([{}]);
  });

  it("passes the whitespace after </function> on as text when something else follows", () => {
    expect(runQwen("<function=f>\n</function>\nDone.")).toMatchObject({ content: "\nDone." });
    expect(runQwen("<function=f>\n</function> x </tool_call>")).toMatchObject({ content: " x </tool_call>" });
  });

  it("ends the call at </tool_call> without </function> (t067)", () => {
    const result = runQwen(
      "<tool_call>\n<function=get_weather>\n<parameter=city>Beijing</parameter>\n</tool_call>after",
    );
    expect(argumentsOf(result)).toEqual([{ city: "Beijing" }]);
    expect(result.content).toBe("after");
    expect(codes(result)).toEqual(["qwen_xml.missing_function_close"]);
  });

  it("makes every <tool_call> a new call, also for the same function twice", () => {
    const one =
      "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>";
    const result = runQwen(`${one}\n${one.replace("Paris", "London")}`, { tools: WEATHER });
    expect(result.calls.map((call) => call.callIndex)).toEqual([0, 1]);
    expect(argumentsOf(result)).toEqual([{ city: "Paris" }, { city: "London" }]);
  });
});

describe("values (rule 3)", () => {
  const parameterValue = (source: string) =>
    argumentsOf(
      runQwen(`<tool_call>\n<function=f>\n<parameter=v>${source}</parameter>\n</function>\n</tool_call>`),
    )[0];

  it("keeps the raw text: no entity decoding (t058)", () => {
    expect(parameterValue("Tom &amp; Jerry &lt;b&gt;")).toEqual({ v: "Tom &amp; Jerry &lt;b&gt;" });
  });

  it("strips exactly one leading and one trailing newline", () => {
    expect(parameterValue("\nx\n")).toEqual({ v: "x" });
    expect(parameterValue("\n\nx\n\n")).toEqual({ v: "\nx\n" });
    expect(parameterValue("  spaces  ")).toEqual({ v: "  spaces  " });
    expect(parameterValue("\n  x  \n")).toEqual({ v: "  x  " });
    expect(parameterValue("")).toEqual({ v: "" });
    expect(parameterValue("\n")).toEqual({ v: "" });
    expect(parameterValue("\n\n")).toEqual({ v: "" });
    expect(parameterValue("\n\n\n")).toEqual({ v: "\n" });
    expect(parameterValue("\r\nx\r\n")).toEqual({ v: "\r\nx\r" });
  });

  it("gives t056 and t057 the values of docs/dialects.md (peers trim)", () => {
    const t056 = runQwen(
      "<tool_call>\n    <function=process>\n        <parameter=trimmed>  spaces around  </parameter>\n        <parameter=newlines>\n            Line 1\n            Line 2\n        </parameter>\n    </function>\n</tool_call>",
    );
    expect(argumentsOf(t056)).toEqual([
      { trimmed: "  spaces around  ", newlines: "            Line 1\n            Line 2\n        " },
    ]);
    const t057 = runQwen(
      "<tool_call>\n<function=process>\n<parameter=empty></parameter>\n<parameter=whitespace>   </parameter>\n<parameter=normal>value</parameter>\n</function>\n</tool_call>",
    );
    expect(argumentsOf(t057)).toEqual([{ empty: "", whitespace: "   ", normal: "value" }]);
  });
});

describe("structural closing (rule 4)", () => {
  const call = (body: string) => `<tool_call>\n<function=write_file>\n${body}</function>\n</tool_call>`;

  it("keeps a </parameter> that nothing structural follows as value text", () => {
    const result = runQwen(call("<parameter=content>\na</parameter>b\n</parameter>\n"), {
      tools: WRITE_FILE,
    });
    expect(argumentsOf(result)).toEqual([{ content: "a</parameter>b" }]);
    expect(result.warnings).toEqual([]);
  });

  it("closes at </parameter> before a parameter of the schema not yet given", () => {
    const result = runQwen(
      call("<parameter=content>\nA\n</parameter>\n<parameter=path>\np\n</parameter>\n"),
      {
        tools: WRITE_FILE,
      },
    );
    expect(argumentsOf(result)).toEqual([{ content: "A", path: "p" }]);
  });

  it("closes at </parameter> before any parameter not yet given, even one the schema does not name", () => {
    // The unnamed parameter must not end up inside `content` (or inside a file path).
    const outside = runQwen(
      call(
        "<parameter=content>\nA\n</parameter>\n<parameter=mode>\nw\n</parameter>\n<parameter=path>\np\n</parameter>\n",
      ),
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(outside)).toEqual([{ content: "A", mode: "w", path: "p" }]);
    expect(outside.warnings).toEqual([]);
  });

  it("keeps markup quoted in a value whole: a made-up `<parameter=Q>` whose value holds a stray `</parameter>` (vLLM)", () => {
    const quoted =
      'TOOL_CALL_TEMPLATE = """\n</parameter>\n<parameter=new_string>\n#!/usr/bin/env python3\n</parameter>\n"""';
    const result = runQwen(
      call(
        `<parameter=path>\ntest_template.py\n</parameter>\n<parameter=content>\n${quoted}\n</parameter>\n`,
      ),
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(result)).toEqual([{ path: "test_template.py", content: quoted }]);
    expect(result.warnings).toEqual([]);
  });

  it("holds only while a made-up parameter is undecided, and streams the value before it live", () => {
    const probe = createProbe(WRITE_FILE);
    probe.parser.push("<tool_call>\n<function=write_file>\n<parameter=path>\n/tmp/a.txt");
    expect(probe.argumentsJson()).toBe('{"path": "/tmp/a.txt');
    probe.parser.push("\n</parameter>\n<parameter=mode>\nw");
    // `mode` is not in the schema: a key or quoted markup? Its value has not closed yet.
    expect(probe.argumentsJson()).toBe('{"path": "/tmp/a.txt');
    probe.parser.push("\n</parameter>\n<parameter=content>\nhi");
    expect(probe.argumentsJson()).toBe('{"path": "/tmp/a.txt", "mode": "w", "content": "hi');
  });

  it("decides a made-up parameter as a key, with a warning, when its value passes the look-ahead bound", () => {
    const long = "x".repeat(DEFAULT_QWEN_XML_LIMITS.maxMadeUpLookahead + 10);
    const result = runQwen(
      call(
        `<parameter=path>\np\n</parameter>\n<parameter=notes>\n${long}\n</parameter>\n<parameter=content>\nc\n</parameter>\n`,
      ),
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(result)).toEqual([{ path: "p", notes: long, content: "c" }]);
    expect(codes(result)).toEqual(["qwen_xml.undecided_parameter"]);
  });

  it("keeps the unknown parameter a string and the known one typed (a hallucinated parameter)", () => {
    const result = runQwen(
      "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=units>\n3\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>",
      { tools: WEATHER },
    );
    expect(argumentsOf(result)).toEqual([{ city: "Paris", units: "3", days: 3 }]);
    const open = runQwen(
      "<tool_call>\n<function=Write>\n<parameter=file_path>\n/tmp/a.txt\n</parameter>\n<parameter=mode>\n0644\n</parameter>\n<parameter=content>\nhi\n</parameter>\n</function>\n</tool_call>",
      {
        tools: {
          Write: {
            type: "object",
            properties: { file_path: { type: "string" }, content: { type: "string" } },
            additionalProperties: true,
          },
        },
      },
    );
    expect(argumentsOf(open)).toEqual([{ file_path: "/tmp/a.txt", mode: "0644", content: "hi" }]);
  });

  it("does not close before a parameter already given (no duplicate keys)", () => {
    const given = runQwen(
      call(
        "<parameter=path>\np\n</parameter>\n<parameter=content>\nA</parameter>\n<parameter=path>\nB\n</parameter>\n",
      ),
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(given)).toEqual([
      { path: "p", content: "A</parameter>\n<parameter=path>\nB\n</parameter>" },
    ]);
  });

  it("still needs a schema name for a <parameter= that closes a value with no </parameter>", () => {
    const result = runQwen(call("<parameter=content>\nline one\n<parameter=mode>\nw\n</parameter>\n"), {
      tools: WRITE_FILE,
    });
    // `<parameter=mode>` nests as a literal; its own `</parameter>` is literal too; the call closes the value.
    expect(argumentsOf(result)).toEqual([{ content: "line one\n<parameter=mode>\nw\n</parameter>" }]);
  });

  it("without a schema treats any parameter not yet given as structural, never a repeated one", () => {
    const result = runQwen(
      "<function=f>\n<parameter=a>\n1\n</parameter>\n<parameter=b>\n2\n</parameter>\n<parameter=a>\n3\n</parameter>\n</function>",
    );
    expect(argumentsOf(result)).toEqual([{ a: "1", b: "2\n</parameter>\n<parameter=a>\n3\n</parameter>" }]);
  });

  it("nests literal <parameter=…>, <tool_call> and <function= in a value (t026, t028), also without tools", () => {
    const fixture =
      'template = """\n<tool_call>\n<function=foo>\n<parameter=bar>baz</parameter>\n</function>\n</tool_call>\n"""';
    const source = `<tool_call>\n<function=write_file>\n<parameter=path>\nfixture.py\n</parameter>\n<parameter=content>\n${fixture}\n</parameter>\n</function>\n</tool_call>`;
    for (const tools of [WRITE_FILE, {}]) {
      const result = runQwen(source, { tools });
      expect(argumentsOf(result)).toEqual([{ path: "fixture.py", content: fixture }]);
      expect(result.warnings).toEqual([]);
    }
  });

  it("closes a value with no </parameter> at a structural <parameter= that starts a line", () => {
    const result = runQwen(
      "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>",
      { tools: WEATHER },
    );
    expect(argumentsOf(result)).toEqual([{ city: "Paris", days: 3 }]);
    expect(codes(result)).toEqual(["qwen_xml.unclosed_parameter"]);
    const midLine = runQwen(
      "<function=get_weather>\n<parameter=city>Paris <parameter=days>3</parameter>\n</function>",
      {
        tools: WEATHER,
      },
    );
    expect(argumentsOf(midLine)).toEqual([{ city: "Paris <parameter=days>3</parameter>" }]);
  });

  it("closes value and call at a </function> followed by </tool_call>, <tool_call> or the end", () => {
    expect(
      argumentsOf(runQwen("<tool_call>\n<function=f>\n<parameter=a>\nv\n</function>\n</tool_call>")),
    ).toEqual([{ a: "v" }]);
    const next = runQwen(
      "<function=f>\n<parameter=a>\nv\n</function>\n<tool_call>\n<function=g>\n</function>",
    );
    expect(argumentsOf(next)).toEqual([{ a: "v" }, {}]);
    expect(argumentsOf(runQwen("<function=f>\n<parameter=a>\nv\n</function>  "))).toEqual([{ a: "v" }]);
    const literal = runQwen(
      "<function=f>\n<parameter=a>\nv\n</function> is a tag\n</parameter>\n</function>",
    );
    expect(argumentsOf(literal)).toEqual([{ a: "v\n</function> is a tag" }]);
  });

  it("closes value and call at a </tool_call> followed by <tool_call> or the end", () => {
    expect(argumentsOf(runQwen("<tool_call>\n<function=f>\n<parameter=a>\nv\n</tool_call>\n"))).toEqual([
      { a: "v" },
    ]);
    const literal = runQwen("<function=f>\n<parameter=a>\nuse </tool_call> here\n</parameter>\n</function>");
    expect(argumentsOf(literal)).toEqual([{ a: "use </tool_call> here" }]);
  });

  it("closes at a drifted close tag with a warning (t045–t047), only when structure follows", () => {
    for (const tag of [
      "</parameter1>",
      "</parameter_function>",
      "</parameter",
      `</parameter${"x".repeat(32)}>`,
    ]) {
      const result = runQwen(
        `<tool_call>\n<function=get_weather>\n<parameter=city>\nShanghai\n${tag}\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>`,
        { tools: WEATHER },
      );
      expect(argumentsOf(result), tag).toEqual([{ city: "Shanghai", days: 3 }]);
      expect(result.warnings, tag).toMatchObject([{ code: "qwen_xml.drifted_close_tag", raw: tag }]);
    }
    const literal = runQwen(
      "<function=get_weather>\n<parameter=city>\nA</parameter1>B\n</parameter>\n</function>",
      {
        tools: WEATHER,
      },
    );
    expect(argumentsOf(literal)).toEqual([{ city: "A</parameter1>B" }]);
    expect(literal.warnings).toEqual([]);
  });

  it("does not take a drift longer than 32 characters for a close tag", () => {
    const tag = `</parameter${"x".repeat(33)}>`;
    const result = runQwen(`<function=get_weather>\n<parameter=city>\nA\n${tag}\n</parameter>\n</function>`, {
      tools: WEATHER,
    });
    expect(argumentsOf(result)).toEqual([{ city: `A\n${tag}` }]);
  });

  it("holds a close candidate until what follows decides", () => {
    const probe = createProbe(WRITE_FILE);
    probe.parser.push("<tool_call>\n<function=write_file>\n<parameter=content>\nbody");
    expect(probe.argumentsJson()).toBe('{"content": "body');
    probe.parser.push("</parameter>");
    probe.parser.push("\n  ");
    probe.parser.push("</func");
    expect(probe.argumentsJson()).toBe('{"content": "body');
    probe.parser.push("tion>");
    expect(probe.argumentsJson()).toBe('{"content": "body"}');
    expect(probe.ended()).toBe(1);
  });
});

describe("types (rule 5) through the parser", () => {
  const TYPED: Record<string, JsonSchema> = {
    t: {
      type: "object",
      properties: {
        count: { type: "integer" },
        flag: { type: "boolean" },
        data: { type: "object" },
        label: { type: "string" },
        maybe: { anyOf: [{ type: "string" }, { type: "null" }] },
      },
    },
  };

  it("types values by the schema and warns when it keeps or repairs", () => {
    const result = runQwen(
      "<tool_call>\n<function=t>\n<parameter=count>\n7\n</parameter>\n<parameter=flag>\nTrue\n</parameter>\n<parameter=data>\n{'k': None}\n</parameter>\n<parameter=label>\n42\n</parameter>\n<parameter=maybe>\nNone\n</parameter>\n</function>\n</tool_call>",
      { tools: TYPED },
    );
    expect(argumentsOf(result)).toEqual([
      { count: 7, flag: true, data: { k: null }, label: "42", maybe: null },
    ]);
    expect(codes(result)).toEqual(["qwen_xml.value_repaired"]);
    const kept = runQwen("<function=t>\n<parameter=count>\nmany\n</parameter>\n</function>", {
      tools: TYPED,
    });
    expect(argumentsOf(kept)).toEqual([{ count: "many" }]);
    expect(kept.warnings).toMatchObject([{ code: "qwen_xml.value_kept_as_string", raw: "many" }]);
  });

  it("keeps a parameter the schema does not declare as the raw string", () => {
    const result = runQwen("<function=t>\n<parameter=extra>\n5\n</parameter>\n</function>", { tools: TYPED });
    expect(argumentsOf(result)).toEqual([{ extra: "5" }]);
  });
});

describe("live streaming (rule 6)", () => {
  it("streams a string value's text in deltas before its close tag is seen", () => {
    const probe = createProbe(WRITE_FILE);
    probe.parser.push("<tool_call>\n<function=write_file>\n<parameter=content>\n");
    expect(probe.argumentsJson()).toBe('{"content": "');
    probe.parser.push("hello ");
    expect(probe.argumentsJson()).toBe('{"content": "hello ');
    probe.parser.push("wor");
    expect(probe.argumentsJson()).toBe('{"content": "hello wor');
    probe.parser.push("ld\n");
    expect(probe.argumentsJson()).toBe('{"content": "hello world');
    probe.parser.push("<");
    probe.parser.push("/parameter>");
    expect(probe.argumentsJson()).toBe('{"content": "hello world');
    probe.parser.push("\n<parameter=path>\n/tmp/x\n</parameter>\n</function>");
    expect(probe.argumentsJson()).toBe('{"content": "hello world", "path": "/tmp/x"}');
    expect(probe.ended()).toBe(1);
  });

  it("releases a held newline as soon as more value text follows", () => {
    const probe = createProbe();
    probe.parser.push("<function=f>\n<parameter=v>\na\n");
    expect(probe.argumentsJson()).toBe('{"v": "a');
    probe.parser.push("b");
    expect(probe.argumentsJson()).toBe('{"v": "a\\nb');
  });

  it("emits non-string values whole at their close, after a comma from the second parameter on", () => {
    const probe = createProbe(WEATHER);
    probe.parser.push("<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3");
    expect(probe.argumentsJson()).toBe('{"city": "Paris"');
    probe.parser.push("\n</parameter>\n</function>");
    expect(probe.argumentsJson()).toBe('{"city": "Paris", "days": 3}');
  });

  it("holds the opening quote of a nullable string only while the value may still be null (t020)", () => {
    const tools: Record<string, JsonSchema> = {
      f: { type: "object", properties: { v: { type: ["string", "null"] } } },
    };
    const probe = createProbe(tools);
    probe.parser.push("<function=f>\n<parameter=v>\nnu");
    expect(probe.argumentsJson()).toBe('{"v": ');
    probe.parser.push("ll\n</parameter>\n</function>");
    expect(probe.argumentsJson()).toBe('{"v": null}');
    const string = createProbe(tools);
    string.parser.push("<function=f>\n<parameter=v>\nnul");
    string.parser.push("lx");
    expect(string.argumentsJson()).toBe('{"v": "nullx');
  });

  it("escapes JSON specials and never splits a surrogate pair into two escapes", () => {
    const value = 'quote " backslash \\ tab \t nul \u0000 line\u2028 🌍 end';
    const source = `<function=f>\n<parameter=v>\n${value}\n</parameter>\n</function>`;
    const split = source.indexOf("🌍") + 1;
    const result = runQwen([source.slice(0, split), source.slice(split)]);
    expect(argumentsOf(result)).toEqual([{ v: value }]);
    const json = result.calls[0]?.argumentsJson ?? "";
    expect(json).not.toMatch(/\\ud83c/i);
  });
});

describe("text around calls (rule 7)", () => {
  const one = "<tool_call>\n<function=f>\n</function>\n</tool_call>";

  it("keeps text before, between and after calls; drops whitespace-only text between calls", () => {
    const result = runQwen(`Intro.\n${one}\n\n${one} and then ${one}\n`);
    expect(result.content).toBe("Intro.\n and then \n");
    expect(result.calls).toHaveLength(3);
    expect(runQwen(`${one}\n\n${one}`).content).toBeNull();
  });

  it("passes on whitespace after the last call as text at the end of the stream", () => {
    expect(runQwen(`${one}\n\n`).content).toBe("\n\n");
  });
});

describe("end of stream inside a call (rule 8)", () => {
  it("cuts a call the stream ended inside: nothing closes its value or object, its source stays markup (t065)", () => {
    const input = "<tool_call>\n<function=get_weather>\n<parameter=city>Chicago</parameter>";
    const result = runQwen(input, { tools: WEATHER });
    expect(result).toMatchObject({
      content: null,
      calls: [{ name: "get_weather", argumentsJson: '{"city": "Chicago"', ended: true, cut: true }],
      markup: input,
    });
    expect(result.segments.at(-1)).toEqual({ type: "tool-call-end", callIndex: 0, cut: true });
    expect(result.warnings).toEqual([
      {
        code: "qwen_xml.unterminated_call",
        message: 'the stream ended inside call "get_weather"; the call is cut and not run',
        raw: "",
      },
    ]);
    // A Write cut inside its content: the text goes out as far as it came, never `"}`.
    const cut = runQwen("<tool_call>\n<function=write_file>\n<parameter=content>\npartial te", {
      tools: WRITE_FILE,
    });
    expect(cut.calls).toMatchObject([{ argumentsJson: '{"content": "partial te', cut: true }]);
  });

  it("types nothing it did not see close, and keeps what an open value held as markup", () => {
    const cases: [string, string][] = [
      // An open integer is held until its close: the cut leaves its key out.
      ["<function=get_weather>\n<parameter=days>\n4\n", "{"],
      ["<tool_call>\n<function=f>", "{"],
      // A close tag cut at its `>` still closes the value (a drifted tag, rule 7), not the call.
      ["<function=f>\n<parameter=v>\nParis\n</parameter", '{"v": "Paris"'],
      ["<function=f>\n<parameter=v>\nParis\n</param", '{"v": "Paris\\n</param'],
      ["<function=f>\n<parameter=v", "{"],
      // The value closed, but `</function>` never came: the model may have had more to write.
      ["<function=f>\n<parameter=v>\nParis\n</parameter>\n", '{"v": "Paris"'],
    ];
    for (const [input, argumentsJson] of cases) {
      const result = runQwen(input, { tools: WEATHER });
      expect(result.calls, input).toMatchObject([{ argumentsJson, cut: true }]);
      expect(result.markup, input).toBe(input);
    }
  });

  it("ends a call whose </function> came, even without its </tool_call>", () => {
    const result = runQwen("<tool_call>\n<function=f>\n<parameter=v>\nParis\n</parameter>\n</function>");
    expect(result.calls).toMatchObject([{ arguments: { v: "Paris" }, cut: false }]);
    expect(result.warnings).toEqual([]);
  });
});
