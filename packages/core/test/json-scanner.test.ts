import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonScanner } from "../src";
import { cutAt } from "../src/testkit";

function scanAll(
  text: string,
  pieces: string[] = [text],
): { end: number; status: string; truncated: boolean } {
  const scanner = new JsonScanner();
  let offset = 0;
  let end = -1;
  for (const piece of pieces) {
    const at = scanner.scan(piece);
    if (at !== -1 && end === -1) end = offset + at;
    offset += piece.length;
  }
  return { end, status: scanner.status, truncated: scanner.truncated };
}

describe("JsonScanner", () => {
  it("finds where a top-level object ends, ignoring braces inside strings", () => {
    const text = '{"a": "}</tool_call>{", "b": [1, {"c": "\\"}"}]} trailing';
    expect(scanAll(text)).toEqual({ end: text.indexOf(" trailing"), status: "complete", truncated: false });
  });

  it("reports truncation inside a string or with unclosed brackets", () => {
    expect(scanAll('{"a": "b').truncated).toBe(true);
    expect(scanAll('{"a": [1,').truncated).toBe(true);
    expect(scanAll('{"a": "b\\"}').truncated).toBe(true);
    expect(scanAll("   ").status).toBe("idle");
  });

  it("rejects a first character that cannot start an object or array", () => {
    expect(scanAll("  hello").status).toBe("invalid");
    expect(scanAll("[1, 2]").status).toBe("complete");
  });

  it("keeps its state across pushes, whatever the split (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.nat(), { maxLength: 6 }), (value, cuts) => {
        const text = JSON.stringify({ value });
        const pieces = cutAt(text, cuts);
        expect(scanAll(text, pieces)).toEqual({ end: text.length, status: "complete", truncated: false });
        // Every strict prefix that opened the object is truncated, never complete.
        const cut = Math.max(1, Math.floor(text.length / 2));
        expect(scanAll(text.slice(0, cut)).status).toBe("open");
      }),
      { numRuns: 200 },
    );
  });
});
