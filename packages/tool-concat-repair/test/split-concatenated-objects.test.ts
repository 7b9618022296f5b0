import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitConcatenatedObjects } from "../src";

describe("splitConcatenatedObjects", () => {
  it("splits two objects back to back", () => {
    expect(splitConcatenatedObjects('{"a":1}{"b":2}')).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("allows whitespace before, between and after the objects (t110)", () => {
    expect(splitConcatenatedObjects(' {"a": 1}  {"b": 2}\n{"c": 3}\n')).toEqual([
      '{"a": 1}',
      '{"b": 2}',
      '{"c": 3}',
    ]);
  });

  it("does not split a single object", () => {
    expect(splitConcatenatedObjects('{"location": "Boston"}')).toBeUndefined();
  });

  it("does not split when the last object is broken (t115)", () => {
    expect(splitConcatenatedObjects('{"x": 1}{broken')).toBeUndefined();
  });

  it("does not split when text follows the objects", () => {
    expect(splitConcatenatedObjects('{"a":1}{"b":2} and more')).toBeUndefined();
  });

  it("does not split arrays", () => {
    expect(splitConcatenatedObjects("[1][2]")).toBeUndefined();
    expect(splitConcatenatedObjects('{"a":1}[2]')).toBeUndefined();
  });

  it("is string-aware: braces inside strings are data", () => {
    expect(splitConcatenatedObjects('{"a":"}{"}{"b":"\\"}"}')).toEqual(['{"a":"}{"}', '{"b":"\\"}"}']);
  });

  it("is single-quote-aware for near-JSON", () => {
    expect(splitConcatenatedObjects("{'a': '}{'}{'b': 1}")).toEqual(["{'a': '}{'}", "{'b': 1}"]);
  });

  it("returns undefined for empty text", () => {
    expect(splitConcatenatedObjects("")).toBeUndefined();
    expect(splitConcatenatedObjects("  \n")).toBeUndefined();
  });

  it("splits 1–5 concatenated random objects back into exactly those objects", () => {
    const whitespace = fc.constantFrom("", " ", "\n", "\t", "  \r\n");
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.array(whitespace, { minLength: 6, maxLength: 6 }),
        (objects, gaps) => {
          const texts = objects.map((object) => JSON.stringify(object));
          const text = texts.map((objectText, index) => `${gaps[index]}${objectText}`).join("") + gaps[5];
          const split = splitConcatenatedObjects(text);
          if (objects.length === 1) expect(split).toBeUndefined();
          else {
            expect(split).toEqual(texts);
            expect(split?.map((piece) => JSON.parse(piece))).toEqual(
              objects.map((object) => JSON.parse(JSON.stringify(object))),
            );
          }
        },
      ),
    );
  });
});
