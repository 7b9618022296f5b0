/** A size keyword (`minItems`, `maxLength`…) as a whole number ≥ 0, or `fallback` when absent or not a number. */
export function schemaCount(value: unknown, fallback: number): number {
  if (typeof value !== "number" || Number.isNaN(value)) return fallback;
  return Math.max(0, Math.floor(value));
}
