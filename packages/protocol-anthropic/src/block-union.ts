import { expectedShape, WireString } from "@sluice/wire-schema";
import { ParseResult, Schema } from "effect";

/**
 * A block of a type the schema does not model at that position (`server_tool_use`, `document`, next
 * year's types). Decoded under `type: "unknown"` so `block.type === "text"` still narrows the union;
 * `unknown_type` keeps the wire type for the translator's warning.
 */
export const UnknownBlock = Schema.Struct({ type: Schema.Literal("unknown"), unknown_type: Schema.String });
export type UnknownBlock = typeof UnknownBlock.Type;

interface BlockHeader {
  readonly type: string;
}

const BlockHeader = Schema.Struct({ type: WireString }).annotations(
  expectedShape("a content block (an object with a string `type`)"),
);

/**
 * The known blocks, keyed by their `type`, plus every other type accepted as an `UnknownBlock`
 * (clients move faster than any schema, docs/http-api.md §3). Choosing the schema by `type`
 * before decoding means a broken known block reports its own field (`content.0.text`), not one
 * failure per union member.
 */
export function blockUnion<Known extends Record<string, Schema.Schema.AnyNoContext>>(
  known: Known,
): Schema.Schema<Schema.Schema.Type<Known[keyof Known]> | UnknownBlock, BlockHeader, never> {
  const byType = new Map<string, Schema.Schema.AnyNoContext>(Object.entries(known));
  const Decoded = Schema.typeSchema(Schema.Union(...byType.values(), UnknownBlock));
  const union = Schema.transformOrFail(BlockHeader, Decoded, {
    strict: false,
    // `input` is the raw block: the header alone has dropped every field but `type`.
    decode: (header, options, _ast, input) => {
      const schema = byType.get(header.type);
      return schema === undefined
        ? ParseResult.succeed({ type: "unknown", unknown_type: header.type })
        : ParseResult.decodeUnknown(schema)(input, options);
    },
    encode: (block) => ParseResult.succeed(block),
  });
  // Built from a runtime map, so the union's type is stated rather than inferred.
  return union as Schema.Schema<Schema.Schema.Type<Known[keyof Known]> | UnknownBlock, BlockHeader, never>;
}
