import { MAX_JSON_DEPTH } from "@sluice/core";
import { cutAt } from "@sluice/core/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonPrefixValidator } from "../src";

/** The validator after `pieces`, and the closable prefix it reports with its closing suffix. */
function validate(pieces: readonly string[]) {
  const validator = new JsonPrefixValidator();
  const text = pieces.join("");
  let stop = 0;
  let consumed = 0;
  for (const piece of pieces) {
    stop = validator.scan(piece);
    consumed += stop;
    if (validator.status !== "open") break;
  }
  const start = Math.max(validator.objectStart, 0);
  const prefix = text.slice(start, validator.closableEnd);
  return { validator, stop, consumed, prefix, closed: prefix + validator.closingSuffix };
}

describe("JsonPrefixValidator", () => {
  it("confirms a strict object at its closing brace and stops there", () => {
    const text = '{"a": [1, -2.5e+3, true, null, {"b": "x\\u00e9\\n"}], "c": {}} trailing';
    const { validator, stop } = validate([text]);
    expect(validator.status).toBe("complete");
    expect(text.slice(0, stop)).toBe('{"a": [1, -2.5e+3, true, null, {"b": "x\\u00e9\\n"}], "c": {}}');
  });

  it("reports at every point a prefix that its suffix closes into the value so far", () => {
    const text = '  {"path": "a \\"b\\" c", "n": 12, "list": [1, "two", {"k": false}], "s": "é🌍"}';
    for (let end = 0; end <= text.length; end++) {
      const { closed, validator } = validate([text.slice(0, end)]);
      if (validator.objectStart < 0) continue;
      expect(() => JSON.parse(closed), `${end}: ${closed}`).not.toThrow();
    }
  });

  it("holds a comma, a key, a colon and an unfinished number until the value after them", () => {
    expect(validate(['{"a": 1, "b": 12']).prefix).toBe('{"a": 1');
    expect(validate(['{"a": 1, "b": 12,']).prefix).toBe('{"a": 1, "b": 12');
    expect(validate(['{"a": 1, "b": "x']).prefix).toBe('{"a": 1, "b": "x');
    expect(validate(["[1, tr"]).validator.status).toBe("broken");
    expect(validate(['{"a": [1, tr']).prefix).toBe('{"a": [1');
    expect(validate(['{"a": [1, true']).prefix).toBe('{"a": [1, true');
  });

  it("holds a string's closing quote until a comma or a closer confirms it", () => {
    expect(validate(['{"a": "x"']).closed).toBe('{"a": "x"}');
    expect(validate(['{"a": "x"']).prefix).toBe('{"a": "x');
    expect(validate(['{"a": "x" ,']).prefix).toBe('{"a": "x" ');
  });

  it("never ends the prefix inside an escape or between a surrogate pair", () => {
    expect(validate(['{"a": "x\\']).prefix).toBe('{"a": "x');
    expect(validate(['{"a": "x\\u00']).prefix).toBe('{"a": "x');
    expect(validate(['{"a": "x\\u00e9']).prefix).toBe('{"a": "x\\u00e9');
    expect(validate(['{"a": "x\ud83c']).prefix).toBe('{"a": "x');
    expect(validate(['{"a": "x\ud83c\udf0d']).prefix).toBe('{"a": "x\ud83c\udf0d');
  });

  it.each([
    ["single quotes", "{'a': 1}", 1],
    ["a trailing comma", '{"a": 1,}', 8],
    ["a Python literal", '{"a": True}', 6],
    ["a raw newline in a string", '{"a": "x\ny"}', 8],
    ["an unescaped quote", '{"a": "say "hi""}', 12],
    ["an unknown escape", '{"a": "\\x41"}', 8],
    ["a leading zero", '{"a": 012}', 7],
    ["a mismatched closer", '{"a": [1}', 8],
    ["no object", "[1, 2]", 0],
    ["an unquoted key", "{a: 1}", 1],
  ])("breaks at the first character that is not strict JSON: %s", (_name, text, at) => {
    const { validator, stop } = validate([text]);
    expect(validator.status).toBe("broken");
    expect(stop).toBe(at);
  });

  it(`breaks past ${MAX_JSON_DEPTH} levels of nesting`, () => {
    const deep = `{"a": ${"[".repeat(MAX_JSON_DEPTH)}`;
    const { validator, stop } = validate([deep]);
    expect(validator.status).toBe("broken");
    expect(stop).toBe(deep.length - 1);
  });

  it("answers the same whatever the pieces (property)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue({ stringUnit: "binary" })),
        fc.constantFrom(undefined, 2),
        fc.array(fc.nat(), { maxLength: 10 }),
        (value, indent, cuts) => {
          const text = JSON.stringify(value, null, indent);
          const whole = validate([text]);
          const split = validate(cutAt(text, cuts));
          expect(whole.validator.status).toBe("complete");
          expect(split.validator.status).toBe("complete");
          expect(split.consumed).toBe(text.length);
          expect(split.closed).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
