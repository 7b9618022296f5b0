import { Schema } from "effect";

/** The message of the `null` alternative, which a 400 leaves out: null is "absent", not a suggestion. */
export const NULL_EXPECTATION = "Expected null";
const WireNull = Schema.Null.annotations({ message: () => NULL_EXPECTATION });

/**
 * An optional field that may also be `null`: OpenAI documents these fields as nullable, and clients
 * (LangChain, LiteLLM) send explicit nulls for what they leave unset. `null` means absent.
 */
export function nullableField<S extends Schema.Schema.Any>(schema: S) {
  return Schema.optionalWith(Schema.Union(schema, WireNull), { exact: true });
}
