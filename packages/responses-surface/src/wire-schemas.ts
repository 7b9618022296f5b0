import { Schema } from "effect";

/** A leaf whose failure reads "Expected a string" instead of effect's AST dump, so a 400 names what it wanted. */
export function expected(description: string) {
  return { message: () => ({ message: `Expected ${description}`, override: true }) };
}

/** For containers: the message applies only when the value itself has the wrong type. */
export function expectedShape(description: string) {
  return { message: () => `Expected ${description}` };
}

export const WireString = Schema.String.annotations(expected("a string"));
export const WireBoolean = Schema.Boolean.annotations(expected("a boolean"));
export const WireNumber = Schema.Number.annotations(expected("a number"));

/** Optional and absent (not `undefined`) when missing, under exactOptionalPropertyTypes. */
export function optionalField<S extends Schema.Schema.Any>(schema: S) {
  return Schema.optionalWith(schema, { exact: true });
}

/** Optional, and `null` allowed: the Responses API documents `null` as "unset" for most scalar fields. */
export function optionalNullable<S extends Schema.Schema.Any>(schema: S) {
  return Schema.optionalWith(Schema.NullOr(schema), { exact: true });
}

/** Unknown keys are kept in the decoded value (a Responses body grows fields with every release). */
export const OtherFields = Schema.Record({ key: Schema.String, value: Schema.Unknown });

/** A `type` string that is none of `known`: the catch-all member of a union must not swallow a broken known one. */
export function otherType(known: readonly string[]) {
  const names = new Set(known);
  return WireString.pipe(
    Schema.filter((type) => !names.has(type), { message: () => `Expected a valid ${known.join(" | ")}` }),
  );
}
