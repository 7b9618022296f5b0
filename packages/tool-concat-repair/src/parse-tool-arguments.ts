import { MAX_JSON_DEPTH } from "@sluice/core";
import { isPlainObject } from "./is-plain-object";
import { parseJsonOrRepair } from "./parse-json-or-repair";
import { scanJsonValues } from "./scan-json-values";

export interface ToolArgumentsCall {
  /** The arguments as JSON text to emit. */
  json: string;
  value: Record<string, unknown>;
}

export type ToolArgumentsResult =
  | { kind: "ok"; calls: ToolArgumentsCall[]; repaired: boolean; split: boolean }
  | { kind: "truncated"; raw: string }
  | { kind: "malformed"; raw: string; reason: string };

/**
 * One call's arguments text → one or more argument objects (docs/dialects.md §2, Repair).
 * Empty/whitespace → [{}]. Truncated → truncated (never repaired). ≥ 2 back-to-back objects →
 * split, each parsed (and repaired) on its own. Otherwise JSON.parse, then repair. A value that is
 * not a plain object → malformed. `json` is the original text when it parsed as-is (exact bytes,
 * big-integer precision), else JSON.stringify(value).
 */
export function parseToolArguments(text: string): ToolArgumentsResult {
  const scan = scanJsonValues(text);
  if (scan.ending === "open") return { kind: "truncated", raw: text };
  if (scan.spans.length === 0 && scan.ending === "clean") {
    return { kind: "ok", calls: [{ json: "{}", value: {} }], repaired: false, split: false };
  }
  const pieces =
    scan.ending === "clean" && scan.spans.length >= 2
      ? scan.spans.map((span) => text.slice(span.start, span.end))
      : [text.trim()];
  const calls: ToolArgumentsCall[] = [];
  let repaired = false;
  for (const [position, piece] of pieces.entries()) {
    // The one scan above already ruled out truncation, for every piece.
    const parsed = parseJsonOrRepair(piece);
    const where = pieces.length > 1 ? `object ${position + 1} of ${pieces.length}: ` : "";
    if (!parsed.ok) {
      const reason = parsed.tooDeep
        ? `nests deeper than ${MAX_JSON_DEPTH} levels`
        : "not JSON, and jsonrepair could not repair it";
      return { kind: "malformed", raw: text, reason: `${where}${reason}` };
    }
    if (!isPlainObject(parsed.value)) {
      return {
        kind: "malformed",
        raw: text,
        reason: `${where}${describeValue(parsed.value)}, not an object`,
      };
    }
    repaired ||= parsed.repaired;
    calls.push({ json: parsed.repaired ? JSON.stringify(parsed.value) : piece, value: parsed.value });
  }
  return { kind: "ok", calls, repaired, split: calls.length > 1 };
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
