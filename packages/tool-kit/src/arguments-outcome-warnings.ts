import type { JsonArgumentsOutcome } from "./json-arguments-stream";

/** A warning of a call's arguments, its code without the dialect's prefix (`repaired_arguments`). */
export interface ArgumentsWarning {
  readonly code: string;
  readonly message: string;
}

/**
 * What a call's finished arguments say (docs/dialects.md §2, Repair): repaired near-JSON, and objects written back
 * to back (`{…}{…}`, one call each), or arguments cut off or not repairable (the call is cut). The JSON-argument
 * dialects word them alike.
 */
export function argumentsOutcomeWarnings(
  callName: string,
  outcome: JsonArgumentsOutcome,
): ArgumentsWarning[] {
  const call = `call ${JSON.stringify(callName)}`;
  if (outcome.kind === "cut") {
    return [
      {
        code: outcome.reason === "truncated" ? "truncated_arguments" : "malformed_arguments",
        message: `${call}: ${outcome.detail}; the call is cut and not run`,
      },
    ];
  }
  if (outcome.kind !== "repaired") return [];
  const warnings: ArgumentsWarning[] = [
    { code: "repaired_arguments", message: `${call}: the arguments were not strict JSON; repaired` },
  ];
  const others = outcome.more.length + outcome.dropped;
  if (others > 0)
    warnings.push({
      code: "split_arguments",
      message: `${call}: the arguments held ${others + 1} JSON objects back to back; one call each${
        outcome.dropped > 0 ? ` (${outcome.dropped} not an object, dropped)` : ""
      }`,
    });
  return warnings;
}

/** The end of the stream inside a call's arguments: never closed by a guess (docs/dialects.md §2). */
export function unterminatedCallWarning(callName: string): ArgumentsWarning {
  return {
    code: "unterminated_call",
    message: `the stream ended inside call ${JSON.stringify(callName)}; the call is cut and not run`,
  };
}
