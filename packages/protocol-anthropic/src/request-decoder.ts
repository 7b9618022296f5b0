import { formatParseError } from "@sluice/wire-schema";
import { Either, type ParseResult, Schema } from "effect";

export type RequestDecodeResult<Request> =
  | { readonly ok: true; readonly request: Request }
  | { readonly ok: false; readonly message: string };

/** A decoder for a parsed JSON body whose failure is one readable line naming the field (a 400's message). */
export function createRequestDecoder<Request, Encoded>(
  schema: Schema.Schema<Request, Encoded, never>,
): (body: unknown) => RequestDecodeResult<Request> {
  const decode = Schema.decodeUnknownEither(schema);
  return (body) => {
    const result: Either.Either<Request, ParseResult.ParseError> = decode(body);
    return Either.isRight(result)
      ? { ok: true, request: result.right }
      : { ok: false, message: formatParseError(result.left, body) };
  };
}
