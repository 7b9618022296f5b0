import type { JsonSchema } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { glm47ToolDialect } from "../src";
import { argumentsOf, codesOf, createProbe, runGlm } from "./run-glm";

const WRITE_FILE: Record<string, JsonSchema> = {
  write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
};
const glm45Call = (name: string, pairs: readonly (readonly [string, string])[]) =>
  `<tool_call>${name}\n${pairs.map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`).join("")}</tool_call>`;
const glm47Call = (name: string, pairs: readonly (readonly [string, string])[]) =>
  `<tool_call>${name}${pairs.map(([key, value]) => `<arg_key>${key}</arg_key><arg_value>${value}</arg_value>`).join("")}</tool_call>`;
const writeFile = (content: string, layout = glm45Call) =>
  layout("write_file", [
    ["path", "fixtures.txt"],
    ["content", content],
  ]);

describe("closing is structural (docs/dialects.md §2, as qwen_xml)", () => {
  it("keeps a value that holds whole GLM calls literal, in either layout (a file of parser fixtures)", () => {
    const fixtures = [
      glm45Call("get_weather", [
        ["city", "Beijing"],
        ["date", "2025-08-01"],
      ]),
      glm47Call("get_weather", [["city", "Beijing"]]),
      `intro\n${glm47Call("a", [])}\n${glm45Call("b", [["path", "x"]])}\nouter`,
    ];
    for (const content of fixtures) {
      for (const layout of [glm45Call, glm47Call]) {
        const result = runGlm(writeFile(content, layout), { tools: WRITE_FILE });
        expect(argumentsOf(result), content).toEqual([{ path: "fixtures.txt", content }]);
        expect(result.warnings).toEqual([]);
      }
    }
  });

  it("closes at </arg_value> only before <arg_key> of a new key, </tool_call> or the end", () => {
    for (const content of [
      "a </arg_value> b",
      "</arg_value>\nmore",
      "x</arg_value><arg_key>path</arg_key>",
      "x</arg_value>\n<arg_key>",
      "x</arg_value><arg_key></arg_key>",
    ]) {
      const result = runGlm(writeFile(content), { tools: WRITE_FILE });
      expect(argumentsOf(result), content).toEqual([{ path: "fixtures.txt", content }]);
    }
  });

  it("nests a literal <arg_value> in a value, so an unbalanced one takes the next </arg_value> as its own", () => {
    // The trade-off of nesting (as qwen_xml's t026): the value then ends at `</tool_call>`, with a warning.
    const result = runGlm(writeFile("see <arg_value>y"), { tools: WRITE_FILE });
    expect(argumentsOf(result)).toEqual([
      { path: "fixtures.txt", content: "see <arg_value>y</arg_value>\n" },
    ]);
    expect(codesOf(result)).toEqual(["glm45.unclosed_value"]);
  });

  it("takes <arg_key> of a new key after </arg_value> for the next argument, whatever the schema says", () => {
    const result = runGlm(
      "<tool_call>write_file<arg_key>path</arg_key><arg_value>a.txt</arg_value> \n <arg_key>mode</arg_key><arg_value>w</arg_value></tool_call>",
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(result)).toEqual([{ path: "a.txt", mode: "w" }]);
  });

  it("keeps markup quoted in a value whole: a made-up key whose value holds a stray </arg_value>", () => {
    const quoted =
      'TEMPLATE = """\n</arg_value>\n<arg_key>new_string</arg_key>\n<arg_value>#!/usr/bin/env python3\n</arg_value>\n"""';
    for (const layout of [glm45Call, glm47Call]) {
      const result = runGlm(writeFile(quoted, layout), { tools: WRITE_FILE });
      expect(argumentsOf(result)).toEqual([{ path: "fixtures.txt", content: quoted }]);
      expect(result.warnings).toEqual([]);
    }
  });

  it("decides a made-up key as a key, with a warning, when its value passes the look-ahead bound", () => {
    const long = "x".repeat(4096 + 10);
    const result = runGlm(
      glm45Call("write_file", [
        ["path", "p"],
        ["notes", long],
        ["content", "c"],
      ]),
      { tools: WRITE_FILE },
    );
    expect(argumentsOf(result)).toEqual([{ path: "p", notes: long, content: "c" }]);
    expect(codesOf(result)).toEqual(["glm45.undecided_key"]);
  });

  it("closes a value without </arg_value> at </tool_call> before the end or the next call, with a warning", () => {
    const atEnd = runGlm("<tool_call>write_file<arg_key>path</arg_key><arg_value>a.txt</tool_call>\n", {
      tools: WRITE_FILE,
    });
    expect(argumentsOf(atEnd)).toEqual([{ path: "a.txt" }]);
    expect(codesOf(atEnd)).toEqual(["glm45.unclosed_value"]);
    const beforeNext = runGlm(
      "<tool_call>f<arg_key>a</arg_key><arg_value>1</tool_call><tool_call>g<arg_key>b</arg_key><arg_value>2</arg_value></tool_call>",
    );
    expect(argumentsOf(beforeNext)).toEqual([{ a: "1" }, { b: "2" }]);
  });

  it("keeps </tool_call> inside a value literal when prose follows it", () => {
    const content = "use </tool_call> to end a call";
    expect(argumentsOf(runGlm(writeFile(content), { tools: WRITE_FILE }))).toEqual([
      { path: "fixtures.txt", content },
    ]);
  });

  it("holds a closing tag while what follows it is undecided, and no longer", () => {
    const probe = createProbe(WRITE_FILE);
    probe.parser.push(
      "<tool_call>write_file<arg_key>content</arg_key><arg_value>abc</arg_value>\n<arg_key>pa",
    );
    expect(probe.argumentsJson()).toBe('{"content": "abc');
    probe.parser.push("th</arg_key>");
    expect(probe.argumentsJson()).toBe('{"content": "abc"');
  });
});

describe("between the arguments", () => {
  it("drops whitespace between tags as markup and keeps keys trimmed", () => {
    const input =
      "<tool_call>f\n    <arg_key> city </arg_key>\n    <arg_value>Dallas</arg_value>\n    </tool_call>";
    const result = runGlm(input);
    expect(argumentsOf(result)).toEqual([{ city: "Dallas" }]);
    expect(result).toMatchObject({ markup: input, warnings: [], content: null });
  });

  it("keeps stray text between arguments as markup with a warning", () => {
    const result = runGlm(
      "<tool_call>f<arg_key>a</arg_key> oops <arg_value>1</arg_value><arg_key>b</arg_key>x<arg_value>2</arg_value>\n</tool_call>",
    );
    expect(argumentsOf(result)).toEqual([{ a: "1", b: "2" }]);
    expect(codesOf(result)).toEqual(["glm45.stray_text_in_call", "glm45.stray_text_in_call"]);
    expect(result.warnings.map((warning) => warning.raw)).toEqual(["oops", "x"]);
  });

  it("reads text after </arg_value> that is not structural as part of the value (docs/dialects.md §2)", () => {
    const result = runGlm(
      "<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value> and 2</arg_value></tool_call>",
    );
    expect(argumentsOf(result)).toEqual([{ a: "1</arg_value> and 2" }]);
    expect(result.warnings).toEqual([]);
  });

  it("drops a key without a value, with a warning", () => {
    const result = runGlm(
      "<tool_call>f<arg_key>a</arg_key><arg_key>b</arg_key><arg_value>2</arg_value><arg_key>c</arg_key></tool_call>",
    );
    expect(argumentsOf(result)).toEqual([{ b: "2" }]);
    expect(codesOf(result)).toEqual(["glm45.missing_value", "glm45.missing_value"]);
  });

  it("never writes a key twice: a repeated key is stray text", () => {
    const result = runGlm(
      "<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>".replace(
        "</tool_call>",
        "<arg_key>b</arg_key></tool_call>",
      ),
    );
    expect(codesOf(result)).toEqual(["glm45.missing_value"]);
    const repeated = runGlm(
      "<tool_call>f<arg_key>a</arg_key>x<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>",
    );
    expect(argumentsOf(repeated)).toEqual([{ a: "1" }]);
    const twice = createProbe();
    twice.parser.push("<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value>");
    twice.parser.push("</tool_call>");
    expect(twice.argumentsJson()).toBe('{"a": "1"}');
  });

  it("ends a call at the next <tool_call> when </tool_call> is missing, with a warning", () => {
    const result = runGlm(
      "<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value>\n<tool_call>g<arg_key>b</arg_key><arg_value>2</arg_value></tool_call>",
    );
    expect(result.calls).toMatchObject([
      { name: "f", arguments: { a: "1" } },
      { name: "g", arguments: { b: "2" } },
    ]);
    expect(codesOf(result)).toEqual(["glm45.missing_call_close"]);
  });
});

describe("text around calls", () => {
  it("keeps text before, between and after calls, and drops whitespace-only text between calls", () => {
    const call = glm47Call("get_weather", [["city", "Paris"]]);
    const result = runGlm(`Checking.\n${call}\n\n${call}\nBetween.\n${call}\nDone.`, {
      dialect: glm47ToolDialect(),
    });
    expect(result.content).toBe("Checking.\n\nBetween.\n\nDone.");
    expect(result.calls.map((call) => call.callIndex)).toEqual([0, 1, 2]);
    expect(result.warnings).toEqual([]);
  });

  it("passes whitespace after the last call on as text (the sequencer drops it)", () => {
    expect(runGlm(`${glm45Call("f", [])}\n`).content).toBe("\n");
  });

  it("survives every marker split across chunks", () => {
    const result = runGlm(
      [
        "Sure <tool_",
        "call>get_",
        "weather\n<arg_",
        "key>ci",
        "ty</arg_k",
        "ey>\n<arg_val",
        "ue>Par",
        "is</arg_v",
        "alue>\n</tool_",
        "call> done",
      ],
      { tools: WRITE_FILE },
    );
    expect(result).toMatchObject({
      content: "Sure  done",
      calls: [{ name: "get_weather", arguments: { city: "Paris" } }],
    });
  });
});

describe("the end of the stream", () => {
  it("cuts a call the stream ended inside: nothing closes its value or object (docs/dialects.md §2)", () => {
    const input = "<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>a.t";
    const result = runGlm(input, { tools: WRITE_FILE });
    expect(result.calls).toMatchObject([
      { name: "write_file", argumentsJson: '{"path": "a.t', ended: true, cut: true },
    ]);
    expect(result.markup).toBe(input);
    expect(result.warnings).toMatchObject([
      {
        code: "glm45.unterminated_call",
        message: 'the stream ended inside call "write_file"; the call is cut and not run',
      },
    ]);
  });

  it("cuts a call cut between its arguments, or right after a value's close tag (no </tool_call>)", () => {
    const between = runGlm("<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value>\n<arg_key>b</arg_key>");
    expect(between.calls).toMatchObject([{ argumentsJson: '{"a": "1"', cut: true }]);
    expect(codesOf(between)).toEqual(["glm45.unterminated_call"]);
    const afterClose = runGlm("<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value>");
    expect(afterClose.calls).toMatchObject([{ argumentsJson: '{"a": "1"', cut: true }]);
    expect(codesOf(afterClose)).toEqual(["glm45.unterminated_call"]);
    // An open integer is typed only at its close: the cut leaves it out of the arguments, not out of the markup.
    const typed = runGlm("<tool_call>get_weather<arg_key>days</arg_key><arg_value>3", {
      tools: { get_weather: { type: "object", properties: { days: { type: "integer" } } } },
    });
    expect(typed.calls).toMatchObject([{ argumentsJson: "{", cut: true }]);
    expect(typed.markup).toBe("<tool_call>get_weather<arg_key>days</arg_key><arg_value>3");
  });
});

describe("bounds (docs/architecture.md I7)", () => {
  it("holds a bounded amount while a long string value streams", () => {
    const probe = createProbe(WRITE_FILE);
    probe.parser.push("<tool_call>write_file<arg_key>content</arg_key><arg_value>");
    let most = 0;
    for (let index = 0; index < 2000; index++) {
      probe.parser.push(`line ${index} <b>bold</b> </arg_value x\n`);
      most = Math.max(most, probe.parser.heldLength);
    }
    probe.parser.push("</arg_value></tool_call>");
    probe.parser.end();
    expect(most).toBeLessThan(1024);
    expect(probe.ended()).toBe(1);
  });
});
