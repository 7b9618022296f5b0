import { describe, expect, it } from "vitest";
import { resolveParameterType, typeParameterValue } from "../src";

const typed = (raw: string, schema: unknown) => JSON.parse(typeParameterValue(raw, schema).json) as unknown;
const note = (raw: string, schema: unknown) => typeParameterValue(raw, schema).note;

describe("resolveParameterType (docs/dialects.md §2, Types)", () => {
  it.each([
    [{ type: "string" }, "string", false],
    [{ type: "integer" }, "integer", false],
    [{ type: "int" }, "integer", false],
    [{ type: "number" }, "number", false],
    [{ type: "float" }, "number", false],
    [{ type: "double" }, "number", false],
    [{ type: "boolean" }, "boolean", false],
    [{ type: "object" }, "object", false],
    [{ type: "dict" }, "object", false],
    [{ type: "array" }, "array", false],
    [{ type: "list" }, "array", false],
    [{ type: "Integer" }, "integer", false],
    [{ type: "uuid" }, "string", false],
    [{}, "string", false],
    [undefined, "string", false],
    [true, "string", false],
    [{ enum: ["a", "b"] }, "string", false],
    [{ enum: [1, 2] }, "integer", false],
    [{ enum: [1.5, 2] }, "number", false],
    [{ enum: [true, false] }, "boolean", false],
    [{ enum: ["a", null] }, "string", true],
    [{ type: ["integer", "null"] }, "integer", true],
    [{ type: ["null", "boolean"] }, "boolean", true],
    [{ type: "null" }, "string", true],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, "string", true],
    [{ anyOf: [{ type: "null" }, { type: "integer" }] }, "integer", true],
    [{ oneOf: [{ type: "array" }, { type: "object" }] }, "array", false],
    [{ anyOf: [{}, { type: "integer" }] }, "string", false],
  ])("%j → %s (nullable %s)", (schema, type, nullable) => {
    expect(resolveParameterType(schema)).toEqual({ type, nullable });
  });

  it("resolves nested anyOf to the first non-null branch (t044)", () => {
    const schema = {
      anyOf: [
        { anyOf: [{ type: "null" }, { anyOf: [{ type: "array", items: {} }, { type: "null" }] }] },
        { type: "null" },
      ],
    };
    expect(resolveParameterType(schema)).toEqual({ type: "array", nullable: true });
  });

  it("survives pathological nesting", () => {
    let schema: unknown = { type: "integer" };
    for (let depth = 0; depth < 10_000; depth++) schema = { anyOf: [schema] };
    expect(resolveParameterType(schema).type).toBe("string");
  });
});

describe("typeParameterValue (docs/dialects.md §2, Types)", () => {
  it("keeps string-like values as the raw string, even when they look like JSON (t017, t054)", () => {
    expect(typed("42", { type: "string" })).toBe("42");
    expect(typed("null", { type: "string" })).toBe("null");
    expect(typed("true", { enum: ["true", "false"] })).toBe("true");
    expect(typed("[60,30]", {})).toBe("[60,30]");
    expect(typed("  spaces  ", { type: "string" })).toBe("  spaces  ");
    expect(typed("x", { type: "uuid" })).toBe("x");
  });

  it("keeps the raw string when there is no schema (docs/dialects.md §2; t051–t053 are peers' inference)", () => {
    expect(typed("42", undefined)).toBe("42");
    expect(typed('{"a": 1}', undefined)).toBe('{"a": 1}');
    expect(note("42", undefined)).toBeUndefined();
  });

  it("turns exactly null/None into null for a nullable string schema only (t020, t021)", () => {
    const nullable = { anyOf: [{ type: "string" }, { type: "null" }] };
    expect(typed("null", nullable)).toBeNull();
    expect(typed("None", nullable)).toBeNull();
    expect(typed("NULL", nullable)).toBe("NULL");
    expect(typed(" null", nullable)).toBe(" null");
    expect(typed("42", nullable)).toBe("42");
    expect(typed("None", { type: "string" })).toBe("None");
  });

  it("parses integers and numbers, verbatim when they are JSON numbers", () => {
    expect(typeParameterValue("42", { type: "integer" }).json).toBe("42");
    expect(typeParameterValue("12345678901234567890123", { type: "integer" }).json).toBe(
      "12345678901234567890123",
    );
    expect(typeParameterValue(" 3.14\n", { type: "float" }).json).toBe("3.14");
    expect(typeParameterValue("-1e3", { type: "number" }).json).toBe("-1e3");
    expect(typed("5.", { type: "number" })).toBe(5);
    expect(typed(".5", { type: "number" })).toBe(0.5);
    expect(typed("+3", { type: "integer" })).toBe(3);
    expect(typed("007", { type: "integer" })).toBe(7);
  });

  it("keeps non-numbers as the raw string, with a note", () => {
    for (const raw of ["abc", "", "0x10", "Infinity", "1,000", "NaN", "1e999x"]) {
      expect(typed(raw, { type: "integer" })).toBe(raw);
      expect(note(raw, { type: "integer" })).toBe("kept-as-string");
    }
  });

  it("reads booleans in any case (t036), else keeps the raw string", () => {
    expect(typed("true", { type: "boolean" })).toBe(true);
    expect(typed("True", { type: "boolean" })).toBe(true);
    expect(typed("FALSE\n", { type: "boolean" })).toBe(false);
    expect(typed("yes", { type: "boolean" })).toBe("yes");
    expect(note("yes", { type: "boolean" })).toBe("kept-as-string");
  });

  it("maps null/None to null for any nullable non-string schema (t042)", () => {
    expect(typed("null", { anyOf: [{ type: "array" }, { type: "null" }] })).toBeNull();
    expect(typed(" None ", { type: ["integer", "null"] })).toBeNull();
    expect(typed("null", { type: "integer" })).toBe("null");
  });

  it("parses objects and arrays as JSON, verbatim (t002, t040)", () => {
    expect(typeParameterValue('{"width": 10,\n "height": 20}', { type: "object" }).json).toBe(
      '{"width": 10,\n "height": 20}',
    );
    expect(typed('[{"a": 1}]', { type: "array" })).toEqual([{ a: 1 }]);
    // Emitted verbatim, so a 20-digit id keeps every digit for a client that parses big numbers.
    expect(typeParameterValue('{"id": 12345678901234567890}', { type: "object" }).json).toBe(
      '{"id": 12345678901234567890}',
    );
  });

  it("decodes a JSON string holding the object once (t023), and Python literals through the repairer (t008)", () => {
    expect(typed("\"{'key': 'value', 'n': 1}\"", { type: "object" })).toEqual({ key: "value", n: 1 });
    expect(typed('"{\\"a\\": [1]}"', { type: "object" })).toEqual({ a: [1] });
    expect(typed("{'key': 'value'}", { type: "object" })).toEqual({ key: "value" });
    expect(typed("{'a': True, 'b': None, 'c': False}", { type: "dict" })).toEqual({
      a: true,
      b: null,
      c: false,
    });
    expect(typed("['x', 'y']", { type: "array" })).toEqual(["x", "y"]);
    expect(note("{'key': 'value'}", { type: "object" })).toBe("repaired");
  });

  it("accepts only the right kind, else keeps the raw string", () => {
    expect(typed("[1, 2]", { type: "object" })).toBe("[1, 2]");
    expect(typed('{"a": 1}', { type: "array" })).toBe('{"a": 1}');
    expect(typed("42", { type: "object" })).toBe("42");
    expect(typed('"just a string"', { type: "object" })).toBe('"just a string"');
    expect(typed("hello world", { type: "object" })).toBe("hello world");
    expect(note("hello world", { type: "object" })).toBe("kept-as-string");
  });

  it("never completes a truncated object (docs/dialects.md §2: truncation is never repaired)", () => {
    expect(typed('{"cmd": "rm -rf /tmp/x', { type: "object" })).toBe('{"cmd": "rm -rf /tmp/x');
    expect(typed("[1, 2", { type: "array" })).toBe("[1, 2");
  });
});
