import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@sluice/core";
import { cutAt } from "@sluice/core/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type JsonArgumentsOutcome, type JsonArgumentsStatus, JsonArgumentsStream } from "../src";

/**
 * Feeds `pieces` as a dialect does (strict pieces through `push`, the rest through `append` once loose),
 * then `finish`. Returns the deltas, what they add up to after each piece, and the outcome.
 */
function stream(pieces: readonly string[], options: { closingFence?: string } = {}) {
  const deltas: string[] = [];
  const arguments_ = new JsonArgumentsStream((json) => deltas.push(json));
  const afterEachPiece: string[] = [];
  let rest = "";
  for (const piece of pieces) {
    if (arguments_.status === "streaming") {
      const stop = arguments_.push(piece);
      // Read again: push changes the status.
      if (statusOf(arguments_) === "loose") arguments_.append(piece.slice(stop));
      else rest += piece.slice(stop);
    } else if (arguments_.status === "loose") {
      arguments_.append(piece);
    } else {
      rest += piece;
    }
    afterEachPiece.push(deltas.join(""));
  }
  const outcome: JsonArgumentsOutcome = arguments_.finish(options);
  return { deltas, json: deltas.join(""), afterEachPiece, outcome, rest, source: arguments_.source };
}

function statusOf(arguments_: JsonArgumentsStream): JsonArgumentsStatus {
  return arguments_.status;
}

function characters(text: string): string[] {
  return [...text];
}

describe("JsonArgumentsStream: strict JSON streams live", () => {
  it("lets a string value flow as it arrives, before the object closes", () => {
    const result = stream(['{"command": "ls', " -la", ' /tmp", "timeout": 5', "0}"]);
    expect(result.afterEachPiece).toEqual([
      '{"command": "ls',
      '{"command": "ls -la',
      '{"command": "ls -la /tmp"',
      '{"command": "ls -la /tmp", "timeout": 50}',
    ]);
    expect(result.outcome).toEqual({ kind: "complete" });
    expect(result.json).toBe('{"command": "ls -la /tmp", "timeout": 50}');
  });

  it("emits the model's exact bytes (a 20-digit number keeps every digit), without whitespace before `{`", () => {
    const text = '{"id": 12345678901234567890, "nested": {"list": [1, 2.5e-3, null]}}';
    const result = stream(["  \n", ...characters(text)]);
    expect(result.json).toBe(text);
    expect(result.source).toBe(`  \n${text}`);
  });

  it("stops at the object's closing brace and leaves what follows to the caller", () => {
    const result = stream(['{"a": 1}  <|tool_call_end|>']);
    expect(result.json).toBe('{"a": 1}');
    expect(result.rest).toBe("  <|tool_call_end|>");
  });

  it("keeps a marker written inside a string as data (string-aware)", () => {
    const result = stream(['{"code": "x <|tool_call_end|> }"', "}"]);
    expect(result.outcome).toEqual({ kind: "complete" });
    expect(JSON.parse(result.json)).toEqual({ code: "x <|tool_call_end|> }" });
  });

  it("gives the same arguments, each prefix valid, whatever the chunking (property)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue({ maxDepth: 3, stringUnit: "binary" })),
        fc.constantFrom(undefined, 1),
        fc.array(fc.nat(), { maxLength: 12 }),
        (value, indent, cuts) => {
          const text = JSON.stringify(value, null, indent);
          const result = stream(cutAt(text, cuts));
          expect(result.outcome.kind).toBe("complete");
          expect(result.json).toBe(text);
          for (const prefix of result.afterEachPiece) expect(text.startsWith(prefix)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("JsonArgumentsStream: what is not strict JSON is held and repaired at the close", () => {
  it.each([
    ["single quotes from the first key", ["{'city': 'Paris'}"], { city: "Paris" }, "{"],
    ["a Python literal after streamed members", ['{"a": "x", "b": True}'], { a: "x", b: true }, '{"a": "x"'],
    ["a trailing comma", ['{"a": 1,}'], { a: 1 }, '{"a": 1'],
    [
      "an unescaped quote inside a string",
      ['{"cmd": "echo "hi" now"}'],
      { cmd: 'echo "hi" now' },
      '{"cmd": "echo ',
    ],
    ["a raw newline inside a string", ['{"text": "one\ntwo"}'], { text: "one\ntwo" }, '{"text": "one'],
  ])("%s", (_name, pieces, value, streamedBeforeTheClose) => {
    for (const chunking of [pieces, characters(pieces.join(""))]) {
      const result = stream(chunking);
      expect(result.outcome.kind).toBe("repaired");
      expect(JSON.parse(result.json)).toEqual(value);
      // What went out live is the same strict prefix in every chunking; the close continues it.
      expect(result.afterEachPiece.at(-1)).toBe(streamedBeforeTheClose);
    }
  });

  it("leaves a closing fence out of the repair (DeepSeek V3 writes ``` after the object)", () => {
    const result = stream(["{'a': 1}\n```"], { closingFence: "```" });
    expect(result.outcome.kind).toBe("repaired");
    expect(JSON.parse(result.json)).toEqual({ a: 1 });
  });

  it("returns the objects after the first of held `{…}{…}` text, each its own call's arguments", () => {
    const result = stream(["{'a': 1}{'b': 2} {\"c\": 3}"]);
    expect(result.outcome).toEqual({ kind: "repaired", more: ['{"b": 2}', '{"c": 3}'], dropped: 0 });
    expect(JSON.parse(result.json)).toEqual({ a: 1 });
  });

  it("says `cut` when repair fails, and closes nothing", () => {
    const result = stream(['{"a": "x", "b": 1} trailing']);
    expect(result.outcome.kind).toBe("complete");
    const broken = stream(['{"a": "x", invalid json here']);
    expect(broken.outcome).toMatchObject({ kind: "cut", reason: "truncated" });
    const malformed = stream(['{"a": "x", invalid json}']);
    expect(malformed.outcome).toMatchObject({ kind: "cut", reason: "malformed" });
    expect(malformed.json).toBe('{"a": "x"');
  });

  it("says why when the arguments nest past the depth bound, and stops within it", () => {
    const deep = stream([`{"a": ${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}}`]);
    expect(deep.outcome).toEqual({
      kind: "cut",
      reason: "malformed",
      detail: `the arguments nest deeper than ${MAX_JSON_DEPTH} levels`,
    });
    expect(deep.json).toBe(`{"a": ${"[".repeat(MAX_JSON_DEPTH - 1)}`);
    expect(jsonDepthExceeds(`${deep.json}${"]".repeat(MAX_JSON_DEPTH - 1)}}`, MAX_JSON_DEPTH)).toBe(false);
  });
});

describe("JsonArgumentsStream: a stream cut off is cut, never closed by a guess", () => {
  it.each([
    ['{"command": "rm -rf /tmp/bu', '{"command": "rm -rf /tmp/bu'],
    ['{"a": "x", "n": 12', '{"a": "x"'],
    ['{"a": "x", "b', '{"a": "x"'],
    ['{"a": [1, {"b": tr', '{"a": [1, {'],
    ['{"a": "x\\u00', '{"a": "x'],
    ["{", "{"],
    ["", ""],
  ])("%j", (text, json) => {
    for (const chunking of [[text], characters(text)]) {
      const result = stream(chunking);
      expect(result.outcome).toMatchObject({ kind: "cut", reason: "truncated" });
      // What went out stops where the valid prefix did: no `"`, `]` or `}` the model did not write.
      expect(result.json).toBe(json);
    }
  });

  it("never repairs held text that is cut off inside a string or bracket", () => {
    const result = stream(["{'command': 'rm -rf /tmp/bu"]);
    expect(result.outcome).toMatchObject({ kind: "cut", reason: "truncated" });
    expect(result.json).toBe("{");
  });
});
