/** A JSON object (not null, not an array), as effect's `Schema.Struct` accepts it. */
export function isJsonRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
