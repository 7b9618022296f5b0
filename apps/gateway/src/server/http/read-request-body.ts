import type { IncomingMessage } from "node:http";
import type { BodyBudget } from "./create-body-budget";

export type RequestBodyResult =
  /** `bytes` may be taken (replaced) by the caller, so nothing keeps them alive longer than needed. */
  | { readonly kind: "complete"; bytes: Buffer }
  | { readonly kind: "too-large" }
  /** Reading it would pass `server.max_inflight_body_bytes` (other bodies are being read). */
  | { readonly kind: "busy" }
  | { readonly kind: "aborted" };

export interface ReadRequestBodyOptions {
  readonly maxBytes: number;
  readonly budget: BodyBudget;
}

/**
 * Reads a request body of at most `maxBytes`, reserving each chunk in the shared budget. A declared
 * `content-length` over the limit (or over what the budget has left) is refused before reading anything;
 * a body that grows past either stops being read there (the caller answers and closes the connection), so
 * an oversized upload never sits in memory. With a declared length the bytes go straight into one buffer
 * of that size (no list of parts copied again at the end: one copy of the body, not two). The caller
 * releases `bytes.length` from the budget when the request is done.
 */
export function readRequestBody(
  request: IncomingMessage,
  { maxBytes, budget }: ReadRequestBodyOptions,
): Promise<RequestBodyResult> {
  const declared = Number(request.headers["content-length"]);
  const hasDeclared = request.headers["content-length"] !== undefined && Number.isSafeInteger(declared);
  if (hasDeclared && declared > maxBytes) return Promise.resolve({ kind: "too-large" });
  if (request.readableEnded) return Promise.resolve({ kind: "complete", bytes: Buffer.alloc(0) });
  if (hasDeclared && !budget.tryReserve(declared)) return Promise.resolve({ kind: "busy" });

  return new Promise((resolve) => {
    // Declared: reserved and allocated once. Chunked: reserved chunk by chunk, joined at the end.
    const whole = hasDeclared ? Buffer.allocUnsafe(declared) : undefined;
    const parts: Buffer[] = [];
    let reserved = hasDeclared ? declared : 0;
    let received = 0;
    const finish = (result: RequestBodyResult): void => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onAborted);
      request.off("close", onAborted);
      // Only a complete body stays reserved; the caller releases it after parsing.
      if (result.kind !== "complete") budget.release(reserved);
      else if (reserved > received) budget.release(reserved - received);
      resolve(result);
    };
    const onData = (part: Buffer): void => {
      received += part.byteLength;
      if (received > maxBytes || (hasDeclared && received > declared)) {
        request.pause();
        finish({ kind: "too-large" });
        return;
      }
      if (whole !== undefined) {
        part.copy(whole, received - part.byteLength);
        return;
      }
      if (!budget.tryReserve(part.byteLength)) {
        request.pause();
        finish({ kind: "busy" });
        return;
      }
      reserved += part.byteLength;
      parts.push(part);
    };
    const onEnd = (): void =>
      finish({
        kind: "complete",
        bytes: whole === undefined ? Buffer.concat(parts, received) : whole.subarray(0, received),
      });
    // `close` before `end`: the client went away mid-upload.
    const onAborted = (): void => finish({ kind: "aborted" });
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onAborted);
    request.on("close", onAborted);
  });
}
