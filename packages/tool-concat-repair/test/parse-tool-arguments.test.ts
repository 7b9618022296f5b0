import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseToolArguments } from "../src";

describe("parseToolArguments", () => {
  it.each(["", "  ", "\n\t"])("empty arguments %j mean {}", (text) => {
    expect(parseToolArguments(text)).toEqual({
      kind: "ok",
      calls: [{ json: "{}", value: {} }],
      repaired: false,
      split: false,
    });
  });

  it("keeps the original bytes of an object that parses as-is", () => {
    const text = '{"n": 12345678901234567890, "s": "\\u00e9"}';
    const result = parseToolArguments(text);
    expect(result).toMatchObject({ kind: "ok", repaired: false, split: false });
    if (result.kind === "ok") expect(result.calls[0]?.json).toBe(text);
  });

  it("drops whitespace around a single object", () => {
    const result = parseToolArguments('\n {"a": 1} \n');
    expect(result.kind === "ok" && result.calls[0]?.json).toBe('{"a": 1}');
  });

  it("splits back-to-back objects into several calls", () => {
    expect(parseToolArguments('{"a":1} {"b":2}')).toEqual({
      kind: "ok",
      calls: [
        { json: '{"a":1}', value: { a: 1 } },
        { json: '{"b":2}', value: { b: 2 } },
      ],
      repaired: false,
      split: true,
    });
  });

  it("repairs each split object on its own", () => {
    expect(parseToolArguments("{'a': 1}{\"b\": 2,}")).toEqual({
      kind: "ok",
      calls: [
        { json: '{"a":1}', value: { a: 1 } },
        { json: '{"b":2}', value: { b: 2 } },
      ],
      repaired: true,
      split: true,
    });
  });

  it("keeps the original bytes of split objects that parse as-is next to a repaired one", () => {
    const result = parseToolArguments("{\"a\": 1}{'b': 2}");
    expect(result.kind === "ok" && result.calls.map((call) => call.json)).toEqual(['{"a": 1}', '{"b":2}']);
  });

  it("repairs near-JSON and emits it re-serialized", () => {
    expect(parseToolArguments("{'path': 'a.txt', 'force': True,}")).toEqual({
      kind: "ok",
      calls: [{ json: '{"path":"a.txt","force":true}', value: { path: "a.txt", force: true } }],
      repaired: true,
      split: false,
    });
  });

  it.each([['{"command": "rm -rf /tmp/bu'], ['{"a":1}{"b":'], ['{"x": 1}{broken']])(
    "never repairs truncated %j",
    (text) => {
      expect(parseToolArguments(text)).toEqual({ kind: "truncated", raw: text });
    },
  );

  it.each([
    ["[1, 2, 3]", "an array"],
    ["42", "a number"],
    ['"text"', "a string"],
    ["null", "null"],
    ["not json at all", "a string"],
  ])("a value that is not an object, %j, is malformed", (text, described) => {
    const result = parseToolArguments(text);
    expect(result).toMatchObject({ kind: "malformed", raw: text });
    if (result.kind === "malformed") expect(result.reason).toContain(described);
  });

  it("a split whose object is not repairable is malformed as a whole", () => {
    const result = parseToolArguments('{"a":1}{: :}');
    expect(result).toMatchObject({ kind: "malformed", raw: '{"a":1}{: :}' });
    if (result.kind === "malformed") expect(result.reason).toContain("object 2 of 2");
  });

  it("keeps a `__proto__` key as data", () => {
    const result = parseToolArguments('{"__proto__": {"x": 1}}');
    expect(result.kind).toBe("ok");
    if (result.kind === "ok") {
      expect(Object.keys(result.calls[0]?.value ?? {})).toEqual(["__proto__"]);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    }
  });

  it("round-trips 1–5 concatenated random objects", () => {
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom("", " ", "\n"),
        (objects, gap) => {
          const text = objects.map((object) => JSON.stringify(object)).join(gap);
          const result = parseToolArguments(text);
          expect(result.kind).toBe("ok");
          if (result.kind !== "ok") return;
          expect(result.split).toBe(objects.length > 1);
          expect(result.repaired).toBe(false);
          expect(result.calls.map((call) => call.json)).toEqual(
            objects.map((object) => JSON.stringify(object)),
          );
          expect(result.calls.map((call) => call.value)).toEqual(
            objects.map((object) => JSON.parse(JSON.stringify(object))),
          );
        },
      ),
    );
  });

  it("any strict prefix of a serialized object is truncated, never ok", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), fc.nat(), (object, cut) => {
        const text = JSON.stringify(object);
        const prefix = text.slice(0, 1 + (cut % (text.length - 1)));
        const result = parseToolArguments(prefix);
        expect(result.kind).toBe("truncated");
      }),
    );
  });
});
