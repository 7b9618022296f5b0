import { isTruncatedJson } from "./is-truncated-json";
import { parseJsonOrRepair } from "./parse-json-or-repair";

export type RepairJsonResult =
  | { ok: true; value: unknown; repaired: boolean }
  | { ok: false; reason: "truncated" | "malformed" };

/**
 * Near-JSON (single quotes, trailing commas, Python True/False/None, unquoted keys…) repaired with
 * jsonrepair. Truncated text is refused before the repairer sees it: jsonrepair would close it,
 * and a guessed `}` would run a half-written command (docs/dialects.md §2).
 */
export function repairJson(text: string): RepairJsonResult {
  if (isTruncatedJson(text)) return { ok: false, reason: "truncated" };
  const parsed = parseJsonOrRepair(text);
  return parsed.ok ? parsed : { ok: false, reason: "malformed" };
}
