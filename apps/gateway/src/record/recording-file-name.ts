/**
 * `<ISO time>-<request id>.json`, with the time's colons as dashes (a name Windows and zip files take
 * too): files sort by arrival, and the request id is the one in the client's `request-id` header.
 */
export function recordingFileName(receivedAt: Date, requestId: string): string {
  return `${receivedAt.toISOString().replaceAll(":", "-")}-${requestId}.json`;
}
