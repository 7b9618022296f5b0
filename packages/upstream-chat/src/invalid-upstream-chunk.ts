import type { UpstreamError } from "./upstream-delta";

/** The error type of upstream data we cannot read; never silently skipped (docs/protocol.md B7). */
export const INVALID_UPSTREAM_CHUNK = "invalid_upstream_chunk";

/** A data line that did not parse as JSON. */
export function notJsonError(data: string): UpstreamError {
  return {
    message: `upstream sent a data line that is not JSON: ${data.slice(0, 200)}`,
    type: INVALID_UPSTREAM_CHUNK,
  };
}

/** A JSON chunk whose field at `path` has a type no server sends. */
export function chunkShapeError(path: string, json: unknown): UpstreamError {
  return {
    message: `upstream chunk has an unexpected ${path}: ${JSON.stringify(json).slice(0, 200)}`,
    type: INVALID_UPSTREAM_CHUNK,
  };
}
