import type { ChatCompletionChunk } from "./chat-completion-chunk";
import { deltasFromChunk } from "./deltas-from-chunk";
import { findChunkMismatch } from "./find-chunk-mismatch";
import { chunkShapeError } from "./invalid-upstream-chunk";
import { isJsonRecord } from "./is-json-record";
import type { UpstreamDelta } from "./upstream-delta";
import { upstreamErrorFrom } from "./upstream-error-from";

/**
 * The per-chunk hot path: a parsed data line → deltas, without effect's Schema (its decode costs
 * several times the JSON.parse; test/measure-chunk-decode.ts). An `error` object (docs/protocol.md B7: checked
 * before reading the chunk) or the flat vLLM `{"object":"error"}` becomes `{error}`; a chunk with a
 * field of the wrong type becomes an `invalid_upstream_chunk` error, as the schema would reject it.
 */
export function narrowChunk(json: unknown): UpstreamDelta[] {
  if (isJsonRecord(json)) {
    const error = json.error;
    if (error !== undefined && error !== null) return [{ error: upstreamErrorFrom(error) }];
    if (json.object === "error") return [{ error: upstreamErrorFrom(json) }];
  }
  const mismatch = findChunkMismatch(json);
  if (mismatch !== undefined) return [{ error: chunkShapeError(mismatch, json) }];
  return deltasFromChunk(json as ChatCompletionChunk);
}
