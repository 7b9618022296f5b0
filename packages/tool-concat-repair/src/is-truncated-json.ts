import { scanJsonValues } from "./scan-json-values";

/**
 * Ends inside a string or with unclosed brackets (`{"a": "b`, `{"a": [1,`): incomplete, not
 * malformed. The last of several back-to-back values counts too (`{"a":1}{"b":` is truncated).
 */
export function isTruncatedJson(text: string): boolean {
  return scanJsonValues(text).ending === "open";
}
