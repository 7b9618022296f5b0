import { jsonrepair } from "jsonrepair";

export type ParseJsonOrRepairResult = { ok: true; value: unknown; repaired: boolean } | { ok: false };

/**
 * JSON.parse, else jsonrepair then JSON.parse. Only for text already known to be complete
 * (see isTruncatedJson): jsonrepair closes truncated text by guessing.
 */
export function parseJsonOrRepair(text: string): ParseJsonOrRepairResult {
  try {
    return { ok: true, value: JSON.parse(text), repaired: false };
  } catch {
    // Not strict JSON: fall through to the repairer.
  }
  try {
    return { ok: true, value: JSON.parse(jsonrepair(text)), repaired: true };
  } catch {
    return { ok: false };
  }
}
