import { Either, ParseResult, Schema } from "effect";
import { ChatCompletionChunk } from "./chat-completion-chunk";
import { deltasFromChunk } from "./deltas-from-chunk";
import { INVALID_UPSTREAM_CHUNK } from "./invalid-upstream-chunk";
import { isJsonRecord } from "./is-json-record";
import type { UpstreamDelta } from "./upstream-delta";
import { upstreamErrorFrom } from "./upstream-error-from";

const decodeChunk = Schema.decodeUnknownEither(ChatCompletionChunk);

/**
 * `narrowChunk` with effect's Schema doing the narrowing: the reference the hot path is tested
 * against, and what to use where a readable decode error matters more than speed.
 */
export function decodeChunkWithSchema(json: unknown): UpstreamDelta[] {
  if (isJsonRecord(json)) {
    const error = json.error;
    if (error !== undefined && error !== null) return [{ error: upstreamErrorFrom(error) }];
    if (json.object === "error") return [{ error: upstreamErrorFrom(json) }];
  }
  const decoded = decodeChunk(json);
  if (Either.isLeft(decoded)) {
    const reason = ParseResult.TreeFormatter.formatErrorSync(decoded.left);
    return [
      {
        error: {
          message: `upstream chunk does not match ChatCompletionChunk: ${reason}`,
          type: INVALID_UPSTREAM_CHUNK,
        },
      },
    ];
  }
  return deltasFromChunk(decoded.right);
}
