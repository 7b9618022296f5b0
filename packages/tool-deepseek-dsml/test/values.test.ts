import type { JsonSchema } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { argumentsOf, createProbe, runDsml, warningCodes } from "./run-dsml";

const D = "｜DSML｜";
const call = (parameters: string) =>
  `<${D}tool_calls>\n<${D}invoke name="f">\n${parameters}</${D}invoke>\n</${D}tool_calls>`;
const parameter = (name: string, value: string, string: "true" | "false") =>
  `<${D}parameter name="${name}" string="${string}">${value}</${D}parameter>\n`;
const toolsWith = (properties: Record<string, JsonSchema>) => ({ f: { type: "object", properties } });

describe('string="false": the value is JSON (research §4.2)', () => {
  it("parses numbers, booleans, null, arrays and objects without a schema (d099)", () => {
    const values: [string, unknown][] = [
      ["42", 42],
      ["-1.5e3", -1500],
      ["true", true],
      ["null", null],
      ['[1, "two", {"three": 3}]', [1, "two", { three: 3 }]],
      ['{"nested": {"deep": [true]}}', { nested: { deep: [true] } }],
      ['"a JSON string"', "a JSON string"],
      [" 7 ", 7],
    ];
    for (const [raw, expected] of values) {
      const result = runDsml(call(parameter("v", raw, "false")));
      expect(argumentsOf(result), raw).toEqual([{ v: expected }]);
      expect(result.warnings, raw).toEqual([]);
    }
  });

  it("keeps a long number's every digit (the JSON text is emitted as written)", () => {
    const result = runDsml(call(parameter("id", "123456789012345678901234567890", "false")));
    expect(result.calls[0]?.argumentsJson).toBe('{"id": 123456789012345678901234567890}');
  });

  it("keeps text that is not JSON as the raw string, with a warning (vLLM's deepseek_v4 fallback)", () => {
    const result = runDsml(call(parameter("v", "not json", "false")));
    expect(argumentsOf(result)).toEqual([{ v: "not json" }]);
    expect(warningCodes(result)).toEqual(["deepseek_dsml.value_not_json"]);
  });

  it("lets the schema win where it disagrees, as qwen_xml types values (docs/dialects.md §2, Types)", () => {
    const tools = toolsWith({
      name: { type: "string" },
      count: { type: "integer" },
      options: { type: "object" },
      maybe: { type: ["integer", "null"] },
      free: { description: "no type" },
    });
    const source = call(
      parameter("name", "42", "false") +
        parameter("count", '"7"', "false") +
        parameter("options", "{'a': True}", "false") +
        parameter("maybe", "null", "false") +
        parameter("free", "[1]", "false"),
    );
    const result = runDsml(source, { tools });
    expect(argumentsOf(result)).toEqual([
      { name: "42", count: 7, options: { a: true }, maybe: null, free: [1] },
    ]);
    expect(warningCodes(result)).toEqual(["deepseek_dsml.value_repaired"]);
  });
});

describe('string="true": the value is the raw string', () => {
  it("keeps every character: no newline is stripped (the template hugs the value)", () => {
    for (const value of [
      "\nindented\n",
      "  spaced  ",
      "",
      "null",
      "42",
      'quote " and \\ backslash',
      "🌍 é\ttab",
    ]) {
      const result = runDsml(call(parameter("v", value, "true")));
      expect(argumentsOf(result), JSON.stringify(value)).toEqual([{ v: value }]);
    }
  });

  it("is typed by the schema where the schema names another type, as qwen_xml does", () => {
    const tools = toolsWith({ n: { type: "integer" }, flag: { type: "boolean" }, text: { type: "string" } });
    const result = runDsml(
      call(parameter("n", "5", "true") + parameter("flag", "True", "true") + parameter("text", "5", "true")),
      {
        tools,
      },
    );
    expect(argumentsOf(result)).toEqual([{ n: 5, flag: true, text: "5" }]);
  });

  it("streams live: the value's text goes out as it arrives, before its close", () => {
    const probe = createProbe();
    probe.parser.push(
      `<${D}tool_calls>\n<${D}invoke name="write">\n<${D}parameter name="content" string="true">`,
    );
    expect(probe.started()).toBe(1);
    expect(probe.argumentsJson()).toBe('{"content": "');
    probe.parser.push("line one\nline ");
    expect(probe.argumentsJson()).toBe('{"content": "line one\\nline ');
    probe.parser.push("two</｜DSML");
    // Only what could still be a tag is held.
    expect(probe.argumentsJson()).toBe('{"content": "line one\\nline two');
    probe.parser.push(`｜parameter>\n</${D}invoke>`);
    expect(probe.argumentsJson()).toBe('{"content": "line one\\nline two"}');
    expect(probe.ended()).toBe(1);
  });

  it("starts the call as soon as the invoke's name is complete, and holds string=false values to their close", () => {
    const probe = createProbe();
    probe.parser.push(`<${D}tool_calls>\n<${D}invoke name="ad`);
    expect(probe.started()).toBe(0);
    probe.parser.push('d">');
    expect(probe.started()).toBe(1);
    probe.parser.push(`\n<${D}parameter name="x" string="false">1.`);
    expect(probe.argumentsJson()).toBe("{");
    probe.parser.push(`5</${D}parameter>\n<${D}parameter name="y" string="false">2</${D}parameter>\n`);
    // The last close is structural only once what follows it is known.
    expect(probe.argumentsJson()).toBe('{"x": 1.5');
    probe.parser.push(`</${D}invoke>`);
    expect(probe.argumentsJson()).toBe('{"x": 1.5, "y": 2}');
  });
});

describe("values holding markup (docs/dialects.md §2: closing is structural)", () => {
  it("gives back a value that writes DSML tool calls itself", () => {
    const inner = call(`${parameter("q", "x", "true")}`);
    const value = `Example:\n${inner}\nand a close </${D}parameter> in prose, <${D}tool_calls> too.`;
    const result = runDsml(call(parameter("content", value, "true") + parameter("path", "/doc.md", "true")));
    expect(argumentsOf(result)).toEqual([{ content: value, path: "/doc.md" }]);
    expect(result.warnings).toEqual([]);
  });

  it("keeps <think>, qwen_xml markup and lone prefixes in a value", () => {
    const value = `<think>x</think><tool_call>\n<function=f>\n</function></tool_call> <${D} <${D}bogus> </${D}`;
    const result = runDsml(call(parameter("v", value, "true")));
    expect(argumentsOf(result)).toEqual([{ v: value }]);
  });
});
