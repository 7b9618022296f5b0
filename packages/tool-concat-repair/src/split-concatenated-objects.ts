import { scanJsonValues } from "./scan-json-values";

/**
 * ≥ 2 complete top-level JSON objects back to back (whitespace allowed between, string-aware):
 * their texts in order; otherwise undefined (a single object, or `{"a":1}{broken`, is not split).
 * Each text is only structurally complete; parsing it (and repairing near-JSON) is the caller's.
 */
export function splitConcatenatedObjects(text: string): string[] | undefined {
  const scan = scanJsonValues(text);
  if (scan.ending !== "clean" || scan.spans.length < 2) return undefined;
  const objects: string[] = [];
  for (const span of scan.spans) {
    // t112-style arrays are not argument objects: `[1][2]` is not a concatenation of calls.
    if (text.charCodeAt(span.start) !== 123) return undefined;
    objects.push(text.slice(span.start, span.end));
  }
  return objects;
}
