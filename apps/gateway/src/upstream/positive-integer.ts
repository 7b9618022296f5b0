/** `value` when it is a whole number above 0 (a window, a count a server reported), else undefined. */
export function positiveInteger(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
