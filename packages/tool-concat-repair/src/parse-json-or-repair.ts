import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@sluice/core";
import { jsonrepair } from "jsonrepair";

export type ParseJsonOrRepairResult =
  | { ok: true; value: unknown; repaired: boolean }
  /** `tooDeep`: it nests deeper than MAX_JSON_DEPTH, which no later walk over the value could survive. */
  | { ok: false; tooDeep: boolean };

/**
 * JSON.parse, else jsonrepair then JSON.parse. Only for text already known to be complete
 * (see isTruncatedJson): jsonrepair closes truncated text by guessing. A model's value nested deeper
 * than MAX_JSON_DEPTH is refused like malformed text.
 */
export function parseJsonOrRepair(text: string): ParseJsonOrRepairResult {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return { ok: false, tooDeep: true };
  try {
    return { ok: true, value: JSON.parse(text), repaired: false };
  } catch {
    // Not strict JSON: fall through to the repairer.
  }
  try {
    return { ok: true, value: JSON.parse(jsonrepair(text)), repaired: true };
  } catch {
    return { ok: false, tooDeep: false };
  }
}
