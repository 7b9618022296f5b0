import { Schema } from "effect";

/** A field real servers omit, send as null, or fill (docs/protocol.md B1: `"usage": null`, `"content": null`). */
export const nullable = <S extends Schema.Schema.All>(schema: S) => Schema.optional(Schema.NullOr(schema));
