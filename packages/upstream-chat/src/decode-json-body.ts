import { Either, ParseResult, Schema } from "effect";
import { ChatCompletion } from "./chat-completion";
import { deltasFromCompletion } from "./deltas-from-completion";
import { INVALID_UPSTREAM_CHUNK } from "./invalid-upstream-chunk";
import { isJsonRecord } from "./is-json-record";
import { narrowChunk } from "./narrow-chunk";
import type { UpstreamDelta } from "./upstream-delta";
import { upstreamErrorFrom } from "./upstream-error-from";

const decodeCompletion = Schema.decodeUnknownEither(ChatCompletion);

/**
 * A JSON (non-SSE) answer to a stream request: a `chat.completion` (a server that ignored
 * `stream: true`), an error body (`{"error":{…}}`, the flat vLLM `{"object":"error",…}`), or a lone
 * chunk. Decoded once per response, so effect's Schema does it (an edge, not the hot path).
 */
export function decodeJsonBody(text: string): UpstreamDelta[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [
      {
        error: {
          message: `upstream sent a body that is not JSON: ${text.slice(0, 200)}`,
          type: INVALID_UPSTREAM_CHUNK,
        },
      },
    ];
  }
  if (isJsonRecord(json)) {
    const error = json.error;
    if (error !== undefined && error !== null) return [{ error: upstreamErrorFrom(error) }];
    if (json.object === "error") return [{ error: upstreamErrorFrom(json) }];
    if (json.object === "chat.completion.chunk") {
      const deltas = narrowChunk(json);
      return deltas.some((delta) => delta.error) ? deltas : [...deltas, { done: true }];
    }
  }
  const decoded = decodeCompletion(json);
  if (Either.isLeft(decoded)) {
    const reason = ParseResult.TreeFormatter.formatErrorSync(decoded.left);
    return [
      {
        error: {
          message: `upstream answer does not match ChatCompletion: ${reason}`,
          type: INVALID_UPSTREAM_CHUNK,
        },
      },
    ];
  }
  return deltasFromCompletion(decoded.right);
}
