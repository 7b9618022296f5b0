import { formatParseError } from "@sluice/wire-schema";
import { Either, Schema } from "effect";
import { type ChatCompletionsRequest, ChatCompletionsRequestSchema } from "./chat-completions-request";
import { NULL_EXPECTATION } from "./nullable-field";

export type ChatCompletionsRequestDecodeResult =
  | { readonly ok: true; readonly request: ChatCompletionsRequest }
  | { readonly ok: false; readonly message: string };

const validate = Schema.validateEither(ChatCompletionsRequestSchema);

/**
 * Checks a parsed JSON body. On success `request` is the body itself, checked, not rebuilt: every field
 * stays as the client sent it (an own `__proto__` key included), since the gateway forwards them
 * upstream. A failure message starts with the offending path (`stream: Expected a boolean …`).
 */
export function decodeChatCompletionsRequest(json: unknown): ChatCompletionsRequestDecodeResult {
  const result = validate(json);
  if (Either.isLeft(result))
    return {
      ok: false,
      message: formatParseError(result.left, json, { absentExpectation: NULL_EXPECTATION }),
    };
  const request = json as ChatCompletionsRequest;
  // One pipeline run is one answer; n > 1 would need n upstream streams folded into indexed choices.
  if (typeof request.n === "number" && request.n !== 1) {
    return { ok: false, message: `n: only n=1 is served (one choice per request), received ${request.n}` };
  }
  return { ok: true, request };
}
