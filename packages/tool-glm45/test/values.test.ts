import type { JsonSchema } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { argumentsOf, codesOf, createProbe, runGlm } from "./run-glm";

const WRITE_FILE: Record<string, JsonSchema> = {
  write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
};
const TYPED: Record<string, JsonSchema> = {
  f: {
    type: "object",
    properties: {
      text: { type: "string" },
      count: { type: "integer" },
      ratio: { type: "number" },
      flag: { type: "boolean" },
      options: { type: "object" },
      items: { type: "array" },
      maybe: { type: ["string", "null"] },
      level: { enum: [1, 2, 3] },
      mode: { anyOf: [{ type: "null" }, { type: "integer" }] },
    },
  },
};
const call = (name: string, pairs: readonly (readonly [string, string])[]) =>
  `<tool_call>${name}${pairs.map(([key, value]) => `<arg_key>${key}</arg_key><arg_value>${value}</arg_value>`).join("")}</tool_call>`;

describe("string values stream live", () => {
  it("emits the first fragment of a string value before its closing tag arrives", () => {
    const probe = createProbe(WRITE_FILE);
    probe.parser.push("<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>line one\n");
    expect(probe.argumentsJson()).toBe('{"content": "line one\\n');
    probe.parser.push("line two");
    expect(probe.argumentsJson()).toBe('{"content": "line one\\nline two');
    probe.parser.push("</arg_value>\n</tool_call>");
    expect(probe.argumentsJson()).toBe('{"content": "line one\\nline two"}');
    expect(probe.ended()).toBe(1);
  });

  it("holds only what could still be a closing tag", () => {
    const probe = createProbe(WRITE_FILE);
    probe.parser.push("<tool_call>write_file<arg_key>content</arg_key><arg_value>a < b </arg_val");
    expect(probe.argumentsJson()).toBe('{"content": "a < b ');
    probe.parser.push("ue></tool_call>");
    expect(probe.argumentsJson()).toBe('{"content": "a < b "}');
  });

  it("keeps every character of a string value: spaces and newlines at both ends (d009, d011)", () => {
    for (const value of ["    indented code    ", "\nline\n", "\n\n", " ", "", "#!/bin/sh\necho hi\n"]) {
      const result = runGlm(call("write_file", [["content", value]]), { tools: WRITE_FILE });
      expect(argumentsOf(result), JSON.stringify(value)).toEqual([{ content: value }]);
      expect(result.warnings).toEqual([]);
    }
  });

  it("escapes quotes, backslashes and control characters and keeps unicode whole (d008, d013)", () => {
    const value = 'say "hi"\\n\ttab \u0001 é 你好 🎉';
    expect(argumentsOf(runGlm(call("write_file", [["content", value]]), { tools: WRITE_FILE }))).toEqual([
      { content: value },
    ]);
    const split = runGlm(
      [
        "<tool_call>write_file<arg_key>content</arg_key><arg_value>a\ud83c",
        "\udf89b</arg_value></tool_call>",
      ],
      {
        tools: WRITE_FILE,
      },
    );
    expect(argumentsOf(split)).toEqual([{ content: "a🎉b" }]);
  });

  it("keeps raw text: no XML entity decoding (d042)", () => {
    expect(argumentsOf(runGlm(call("f", [["text", "a &amp; b & c"]]), { tools: TYPED }))).toEqual([
      { text: "a &amp; b & c" },
    ]);
  });
});

describe("types come from the tool's schema (docs/dialects.md §2, Types)", () => {
  it("types integer, number, boolean, object, array, enum and anyOf values, trimmed", () => {
    const result = runGlm(
      call("f", [
        ["count", " 42\n"],
        ["ratio", "-42.5"],
        ["flag", "True"],
        ["options", '{"a": [1, {"b": null}]}'],
        ["items", "[]"],
        ["level", "2"],
        ["mode", "7"],
      ]),
      { tools: TYPED },
    );
    expect(argumentsOf(result)).toEqual([
      { count: 42, ratio: -42.5, flag: true, options: { a: [1, { b: null }] }, items: [], level: 2, mode: 7 },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it("keeps numeric-looking text of a string parameter a string (d048, t108)", () => {
    expect(argumentsOf(runGlm(call("f", [["text", "12345"]]), { tools: TYPED }))).toEqual([
      { text: "12345" },
    ]);
    expect(argumentsOf(runGlm(call("f", [["text", "null"]]), { tools: TYPED }))).toEqual([{ text: "null" }]);
  });

  it("turns null / None of a nullable parameter into null", () => {
    expect(
      argumentsOf(
        runGlm(
          call("f", [
            ["maybe", "None"],
            ["mode", "null"],
          ]),
          { tools: TYPED },
        ),
      ),
    ).toEqual([{ maybe: null, mode: null }]);
    expect(argumentsOf(runGlm(call("f", [["maybe", "Nonesuch"]]), { tools: TYPED }))).toEqual([
      { maybe: "Nonesuch" },
    ]);
  });

  it("repairs Python literals and JSON strings of objects, with a warning", () => {
    const result = runGlm(call("f", [["options", "{'a': True, 'b': None}"]]), { tools: TYPED });
    expect(argumentsOf(result)).toEqual([{ options: { a: true, b: null } }]);
    expect(codesOf(result)).toEqual(["glm45.value_repaired"]);
  });

  it("keeps a value that does not fit its type as the raw string, with a warning", () => {
    const result = runGlm(
      call("f", [
        ["count", "many"],
        ["items", "[1, 2"],
      ]),
      { tools: TYPED },
    );
    expect(argumentsOf(result)).toEqual([{ count: "many", items: "[1, 2" }]);
    expect(codesOf(result)).toEqual(["glm45.value_kept_as_string", "glm45.value_kept_as_string"]);
  });

  it("keeps a parameter the schema does not name, and every value of an unknown tool, as strings", () => {
    expect(
      argumentsOf(
        runGlm(
          call("f", [
            ["extra", "42"],
            ["count", "1"],
          ]),
          { tools: TYPED },
        ),
      ),
    ).toEqual([{ extra: "42", count: 1 }]);
    expect(
      argumentsOf(
        runGlm(
          call("g", [
            ["n", "42"],
            ["b", "true"],
            ["o", "{}"],
          ]),
          { tools: TYPED },
        ),
      ),
    ).toEqual([{ n: "42", b: "true", o: "{}" }]);
  });

  it("emits a typed value at its close, whole", () => {
    const probe = createProbe(TYPED);
    probe.parser.push("<tool_call>f<arg_key>count</arg_key><arg_value>4");
    expect(probe.argumentsJson()).toBe("{");
    probe.parser.push("2</arg_value>");
    // `</arg_value>` closes only once what follows it is known (the end, `<arg_key>` or `</tool_call>`).
    expect(probe.argumentsJson()).toBe("{");
    probe.parser.push("<arg_key>text</arg_key>");
    expect(probe.argumentsJson()).toBe('{"count": 42');
  });
});
