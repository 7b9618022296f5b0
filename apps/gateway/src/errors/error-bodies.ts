import { openAIErrorBody } from "@sluice/chat-completions-surface";
import type { GatewayError } from "@sluice/events";

/** Whose API a route speaks, and so the shape of its error bodies (docs/http-api.md §5). */
export type ErrorShape = "anthropic" | "openai";

/**
 * Each surface's HTTP error body, with the request id (docs/http-api.md §5); the status and `x-should-retry`
 * are the reason's row, the same on every surface. A stream that already started ends with the reason's
 * `object` instead, as an `error` event each surface's encoder writes in its own words.
 */
export const ERROR_BODIES: {
  readonly [Shape in ErrorShape]: (error: GatewayError, requestId: string) => unknown;
} = {
  // `{"type":"error","error":{type,message},"request_id"}` (docs/protocol.md A5).
  anthropic: (error, requestId) => ({
    type: "error",
    error: { type: error.type, message: error.message },
    request_id: requestId,
  }),
  // `{"error":{message,type,param,code}}`: the same table the Chat Completions stream's error chunk uses,
  // so an OpenAI SDK raises its own typed errors.
  openai: (error, requestId) => openAIErrorBody(error.object, requestId),
};
