/**
 * Every size the demo takes from a client's tool schema is clamped to these, so one request (a
 * `minItems: 10000000`, a 100k-deep schema, a `$ref` cycle) costs a few milliseconds and a short answer.
 * Past a bound the demo writes the closest bounded value and no longer claims the arguments fit.
 */
export const DEMO_BOUNDS = {
  /** Items in one array. */
  maxArrayItems: 3,
  /** Characters in one string (minLength padding included). */
  maxStringLength: 200,
  /** Levels of objects and arrays below the arguments object; one level further they come out empty. */
  maxDepth: 4,
  /** Properties written into one object. */
  maxObjectProperties: 16,
  /** Values in one call's arguments, all levels together. */
  maxValues: 48,
  /** Schema nodes one call may look at, `$ref`, `anyOf` and `allOf` hops included. */
  maxSchemaVisits: 512,
  /** `$ref`s followed (and `allOf`s nested) in a row before giving up on a cycle. */
  maxRefHops: 8,
  /** Characters of a `$ref` the demo follows. */
  maxRefLength: 256,
  /** Entries of `properties`, `required`, `enum`, `anyOf`/`oneOf`/`allOf` and `type` looked at. */
  maxScannedEntries: 64,
  /** Characters of a property name the demo writes (a longer one cannot be written usefully). */
  maxPropertyNameLength: 64,
} as const;
