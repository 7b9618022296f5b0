import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findTopLevelValue } from "../src";

const sourceOf = (json: string, key: string) => {
  const span = findTopLevelValue(json, key);
  return span === undefined ? undefined : json.slice(span.start, span.end);
};

describe("findTopLevelValue", () => {
  it("finds each kind of value with its exact bytes", () => {
    const json = ' { "o" : { "a" : [1, "}"] } , "s": "x\\"y", "n" : 1.50e3 , "t":true,"z":null, "e": {} } ';
    expect(sourceOf(json, "o")).toBe('{ "a" : [1, "}"] }');
    expect(sourceOf(json, "s")).toBe('"x\\"y"');
    expect(sourceOf(json, "n")).toBe("1.50e3");
    expect(sourceOf(json, "t")).toBe("true");
    expect(sourceOf(json, "z")).toBe("null");
    expect(sourceOf(json, "e")).toBe("{}");
  });

  it("ignores nested keys of the same name", () => {
    expect(sourceOf('{"x": {"arguments": 1}, "arguments": 2}', "arguments")).toBe("2");
    expect(sourceOf('{"x": {"arguments": 1}}', "arguments")).toBeUndefined();
  });

  it("takes the last of repeated keys, as JSON.parse does", () => {
    expect(sourceOf('{"a": 1, "a": {"b": 2}}', "a")).toBe('{"b": 2}');
  });

  it("decodes escaped keys", () => {
    expect(sourceOf('{"\\u0061rguments": [1]}', "arguments")).toBe("[1]");
  });

  it("returns undefined for an empty object", () => {
    expect(findTopLevelValue("{}", "a")).toBeUndefined();
  });

  it("agrees with JSON.parse on random objects", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 6 }),
        fc.constantFrom(undefined, 1, 2),
        (object, indent) => {
          const json = JSON.stringify(object, null, indent);
          const parsed = JSON.parse(json) as Record<string, unknown>;
          for (const key of Object.keys(parsed)) {
            const text = sourceOf(json, key);
            expect(text).toBeDefined();
            expect(JSON.parse(text ?? "")).toEqual(parsed[key]);
          }
        },
      ),
    );
  });
});
