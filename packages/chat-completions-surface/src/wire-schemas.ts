import { Schema } from "effect";

/**
 * Leaf and container schemas whose failure reads "Expected a boolean" instead of effect's AST dump, so
 * a 400 names the field and what it wanted. (@sluice/protocol-anthropic has the same idea but does not
 * export it.) `override` keeps a leaf's message when an inner refinement fails first.
 */
function expected(description: string) {
  return { message: () => ({ message: `Expected ${description}`, override: true }) };
}

/** For containers: the message applies only when the value itself has the wrong type. */
export function expectedShape(description: string) {
  return { message: () => `Expected ${description}` };
}

export const WireString = Schema.String.annotations(expected("a string"));
export const WireBoolean = Schema.Boolean.annotations(expected("a boolean"));
export const WireNumber = Schema.Number.annotations(expected("a number"));

/** The message of the `null` alternative, which a 400 leaves out: null is "absent", not a suggestion. */
export const NULL_EXPECTATION = "Expected null";
const WireNull = Schema.Null.annotations({ message: () => NULL_EXPECTATION });

/** Every other field of an object is kept: the gateway forwards what it does not read. */
export const OtherFields = Schema.Record({ key: Schema.String, value: Schema.Unknown });

/**
 * An optional field that may also be `null`: OpenAI documents these fields as nullable, and clients
 * (LangChain, LiteLLM) send explicit nulls for what they leave unset. `null` means absent.
 */
export function nullableField<S extends Schema.Schema.Any>(schema: S) {
  return Schema.optionalWith(Schema.Union(schema, WireNull), { exact: true });
}
