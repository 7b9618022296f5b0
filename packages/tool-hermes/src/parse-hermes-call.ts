import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@sluice/core";
import { isPlainObject, parseToolArguments, repairJson } from "@sluice/tool-concat-repair";
import { findTopLevelValue } from "./find-top-level-value";

export type HermesCallResult =
  | {
      ok: true;
      name: string;
      /** One arguments JSON object text per call (several when the arguments string held `{…}{…}`). */
      argumentsJson: string[];
      repaired: boolean;
      split: boolean;
    }
  | { ok: false; reason: string };

/**
 * A complete hermes body (`{"name": …, "arguments": …}`) → the call(s) it describes (docs/dialects.md §2).
 * `parameters` is accepted for `arguments`; arguments given as a JSON string are decoded (and may
 * split into several calls); missing arguments mean `{}`. Anything else is not a call.
 */
export function parseHermesCall(body: string): HermesCallResult {
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH))
    return { ok: false, reason: `the body nests deeper than ${MAX_JSON_DEPTH} levels` };
  let value: unknown;
  let parsedAsIs = true;
  try {
    value = JSON.parse(body);
  } catch {
    const repaired = repairJson(body);
    if (!repaired.ok) {
      return {
        ok: false,
        reason:
          repaired.reason === "truncated"
            ? "the body is cut off inside a string or bracket"
            : "the body is not JSON and could not be repaired",
      };
    }
    value = repaired.value;
    parsedAsIs = false;
  }
  if (!isPlainObject(value)) return { ok: false, reason: "the body is not a JSON object" };
  const name = Object.hasOwn(value, "name") ? value.name : undefined;
  if (typeof name !== "string" || name.length === 0) {
    return { ok: false, reason: 'the body has no non-empty string "name"' };
  }
  const key = Object.hasOwn(value, "arguments")
    ? "arguments"
    : Object.hasOwn(value, "parameters")
      ? "parameters"
      : undefined;
  if (key === undefined)
    return { ok: true, name, argumentsJson: ["{}"], repaired: !parsedAsIs, split: false };
  const argumentsValue = value[key];
  if (isPlainObject(argumentsValue)) {
    const span = parsedAsIs ? findTopLevelValue(body, key) : undefined;
    const json = span === undefined ? JSON.stringify(argumentsValue) : body.slice(span.start, span.end);
    return { ok: true, name, argumentsJson: [json], repaired: !parsedAsIs, split: false };
  }
  if (typeof argumentsValue === "string") {
    // t079: a string that is not JSON for an object ("hello") is not arguments; never wrapped or guessed.
    const decoded = parseToolArguments(argumentsValue);
    if (decoded.kind === "truncated") return { ok: false, reason: `the "${key}" string is cut off` };
    if (decoded.kind === "malformed") return { ok: false, reason: `the "${key}" string: ${decoded.reason}` };
    return {
      ok: true,
      name,
      argumentsJson: decoded.calls.map((call) => call.json),
      repaired: !parsedAsIs || decoded.repaired,
      split: decoded.split,
    };
  }
  // null, arrays, numbers: a guessed {} would run the tool with input the model never gave (t112).
  return { ok: false, reason: `"${key}" is ${describeValue(argumentsValue)}, not an object` };
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
