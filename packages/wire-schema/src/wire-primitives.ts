import { Schema } from "effect";

/**
 * Leaf schemas whose failure reads "Expected a string" rather than effect's default AST dump, so a
 * 400 names the field and what it wanted (docs/http-api.md §3); the OpenAI surfaces' decoders use them
 * too, so every route words a 400 alike. `override` keeps the message
 * when an inner refinement (int, positive) fails first.
 */
export function expected(description: string) {
  return { message: () => ({ message: `Expected ${description}`, override: true }) };
}

/** For containers (structs, arrays): the message applies only when the value itself has the wrong type. */
export function expectedShape(description: string) {
  return { message: () => `Expected ${description}` };
}

export const WireString = Schema.String.annotations(expected("a string"));
export const WireBoolean = Schema.Boolean.annotations(expected("a boolean"));
export const WireNumber = Schema.Number.annotations(expected("a number"));
export const WireInteger = Schema.Number.pipe(Schema.int()).annotations(expected("an integer"));
export const WirePositiveInteger = Schema.Number.pipe(Schema.int(), Schema.positive()).annotations(
  expected("a positive integer"),
);

/**
 * Any JSON object (tool input, JSON Schema); arrays and null are not. Checked, not rebuilt: effect's
 * `Record` copies key by key and silently drops an own `__proto__` key, which is valid tool input.
 */
export const JsonObject = Schema.declare(
  (input: unknown): input is { readonly [key: string]: unknown } =>
    typeof input === "object" && input !== null && !Array.isArray(input),
).annotations(expectedShape("an object"));

/**
 * Every other field of an object, kept in the decoded value: the OpenAI surfaces forward what they do not
 * read, and their bodies grow fields with every release.
 */
export const OtherFields = Schema.Record({ key: Schema.String, value: Schema.Unknown });

/**
 * Optional, and absent rather than `undefined` when missing (exactOptionalPropertyTypes). `null` is a
 * wrong type like any other: accepting it would need a transformation, which hides the struct's own
 * "Expected an object" message behind effect's "Struct (Encoded side)".
 */
export function optionalField<S extends Schema.Schema.Any>(schema: S) {
  return Schema.optionalWith(schema, { exact: true });
}
