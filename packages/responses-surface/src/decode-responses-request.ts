import { formatParseError } from "@sluice/wire-schema";
import { Either, Schema } from "effect";
import { ResponsesRequest } from "./responses-request";

export type ResponsesRequestDecodeResult =
  | { readonly ok: true; readonly request: ResponsesRequest }
  | { readonly ok: false; readonly message: string };

/** Fields that point at state kept by the server: a stateless gateway has none to resume from. */
const STATEFUL_FIELDS = ["previous_response_id", "conversation"] as const;

const decode = Schema.decodeUnknownEither(ResponsesRequest);

/**
 * A parsed JSON body → the request, or one line for a 400 that starts with the offending field's path.
 * Sluice stores no responses, so a request that continues a stored one is refused up front rather than
 * answered without its history.
 */
export function decodeResponsesRequest(json: unknown): ResponsesRequestDecodeResult {
  if (typeof json === "object" && json !== null && !Array.isArray(json)) {
    for (const field of STATEFUL_FIELDS) {
      const value = Object.getOwnPropertyDescriptor(json, field)?.value;
      if (value !== undefined && value !== null) {
        return {
          ok: false,
          message: `${field}: not supported: this gateway is stateless and stores no responses; send the whole conversation in \`input\` with \`store: false\``,
        };
      }
    }
  }
  const result = decode(json);
  return Either.isRight(result)
    ? { ok: true, request: result.right }
    : { ok: false, message: formatParseError(result.left, json, { fieldBeatsType: true }) };
}
