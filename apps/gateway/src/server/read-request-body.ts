import type { IncomingMessage } from "node:http";

export type RequestBodyResult =
  | { readonly kind: "complete"; readonly bytes: Buffer }
  | { readonly kind: "too-large" }
  | { readonly kind: "aborted" };

/**
 * Reads a request body of at most `maxBytes`. A declared `content-length` over the limit is refused
 * before reading anything; a body that grows past it stops being read at the limit (the caller
 * answers 413 and closes the connection), so an oversized upload never sits in memory.
 */
export function readRequestBody(request: IncomingMessage, maxBytes: number): Promise<RequestBodyResult> {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ kind: "too-large" });
  if (request.readableEnded) return Promise.resolve({ kind: "complete", bytes: Buffer.alloc(0) });

  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let received = 0;
    const finish = (result: RequestBodyResult): void => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onAborted);
      request.off("close", onAborted);
      resolve(result);
    };
    const onData = (part: Buffer): void => {
      received += part.byteLength;
      if (received > maxBytes) {
        request.pause();
        finish({ kind: "too-large" });
        return;
      }
      parts.push(part);
    };
    const onEnd = (): void => finish({ kind: "complete", bytes: Buffer.concat(parts, received) });
    // `close` before `end`: the client went away mid-upload.
    const onAborted = (): void => finish({ kind: "aborted" });
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onAborted);
    request.on("close", onAborted);
  });
}
