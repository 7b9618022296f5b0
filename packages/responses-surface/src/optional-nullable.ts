import { Schema } from "effect";

/**
 * Optional, and `null` allowed: the Responses API documents `null` as "unset" for most scalar fields. Unlike
 * Chat Completions' nullableField, a 400 lists `null` among the alternatives (its tests pin "or null").
 */
export function optionalNullable<S extends Schema.Schema.Any>(schema: S) {
  return Schema.optionalWith(Schema.NullOr(schema), { exact: true });
}
