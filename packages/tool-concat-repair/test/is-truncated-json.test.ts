import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTruncatedJson } from "../src";

describe("isTruncatedJson", () => {
  it.each([
    ['{"a": "b', "inside a string"],
    ['{"a": [1,', "unclosed array"],
    ["{", "just the opening brace"],
    ['{"a": "\\', "after a backslash inside a string"],
    ['{"a":1}{"b":', "the last of several objects"],
    ["{'a': 'b", "inside a single-quoted string"],
    ["{'a': '}", "a brace inside an unclosed single-quoted string"],
  ])("%s is truncated (%s)", (text) => {
    expect(isTruncatedJson(text)).toBe(true);
  });

  it.each([
    ["", "empty"],
    ['{"a": 1}', "complete"],
    ['{"a": "}"}', "a brace inside a string"],
    ['{"a":1}{"b":2}', "several complete objects"],
    ["not json", "not JSON at all: malformed, not truncated"],
    ['{"a":1} trailing', "text after a complete object"],
    ["{'a': '{'}", "near-JSON with a brace inside single quotes"],
    ['{"a": "it\'s {"}', "an apostrophe inside a double-quoted string"],
    ["{a: don't}", "an apostrophe inside an unquoted word"],
  ])("%s is not truncated (%s)", (text) => {
    expect(isTruncatedJson(text)).toBe(false);
  });

  it("any non-empty strict prefix of a serialized object is truncated", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), fc.nat(), (object, cut) => {
        const text = JSON.stringify(object);
        const prefix = text.slice(0, 1 + (cut % (text.length - 1)));
        expect(isTruncatedJson(prefix)).toBe(true);
      }),
    );
  });
});
