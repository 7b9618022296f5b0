import { expectedShape } from "@sluice/wire-schema";
import { Schema } from "effect";
import { requestFieldsWithoutMaxTokens } from "./messages-request";
import { createRequestDecoder } from "./request-decoder";

/** `POST /v1/messages/count_tokens`: the Messages body without `max_tokens` (docs/protocol.md A8). */
export const CountTokensRequest = Schema.Struct(requestFieldsWithoutMaxTokens).annotations(
  expectedShape("a JSON object"),
);
export type CountTokensRequest = typeof CountTokensRequest.Type;

export const decodeCountTokensRequest = createRequestDecoder(CountTokensRequest);
