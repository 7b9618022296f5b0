import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@sluice/core";
import { isPlainObject, scanJsonValues } from "@sluice/tool-concat-repair";
import { jsonrepair } from "jsonrepair";

export type StreamedArgumentsRepair =
  /** `json`: the first object's text, which begins with what was streamed; `more`: objects written after it. */
  | {
      readonly kind: "repaired";
      readonly json: string;
      readonly more: readonly string[];
      readonly dropped: number;
    }
  | { readonly kind: "truncated" }
  | { readonly kind: "malformed"; readonly reason: string };

/**
 * A call's complete arguments text that is not strict JSON, after `streamed` (a strict prefix of it) already
 * went out: repaired as docs/dialects.md §2 (Repair) says, and usable only if the repaired text goes on from
 * what was streamed. Truncated text (inside a string, brackets open) is never repaired (a guessed `}` would run
 * a half-written command); `{…}{…}` gives the objects after the first in `more` (those that are not objects
 * even after repair are `dropped`). jsonrepair copies what is already valid JSON unchanged, so a near-JSON
 * tail (single quotes, Python literals, a trailing comma, an unescaped quote) repairs to a continuation.
 */
export function repairStreamedArguments(text: string, streamed: string): StreamedArgumentsRepair {
  const scan = scanJsonValues(text);
  if (scan.ending === "open") return { kind: "truncated" };
  const objects =
    scan.ending === "clean" &&
    scan.spans.length >= 2 &&
    scan.spans.every((span) => text.charCodeAt(span.start) === 123)
      ? scan.spans.map((span) => text.slice(span.start, span.end))
      : [text.trim()];
  if (jsonDepthExceeds(objects[0] ?? "", MAX_JSON_DEPTH))
    return { kind: "malformed", reason: `the arguments nest deeper than ${MAX_JSON_DEPTH} levels` };
  const first = repairObject(objects[0] ?? "");
  if (first === undefined)
    return {
      kind: "malformed",
      reason: "the arguments are not JSON, and jsonrepair could not repair them to one object",
    };
  if (!first.startsWith(streamed))
    return { kind: "malformed", reason: "the repaired arguments do not continue what was already streamed" };
  const more: string[] = [];
  for (const object of objects.slice(1)) {
    const repaired = repairObject(object);
    if (repaired !== undefined) more.push(repaired);
  }
  return { kind: "repaired", json: first, more, dropped: objects.length - 1 - more.length };
}

/** The object's JSON text as it is when it parses, else as jsonrepair writes it; undefined when not an object. */
function repairObject(text: string): string | undefined {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return undefined;
  let json = text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      json = jsonrepair(text);
      value = JSON.parse(json);
    } catch {
      return undefined;
    }
  }
  return isPlainObject(value) ? json : undefined;
}
