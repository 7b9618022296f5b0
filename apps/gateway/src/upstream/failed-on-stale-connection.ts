import { subscribe } from "node:diagnostics_channel";

/** What the socket showed when a request was written on it. */
interface Sent {
  readonly socket: { readonly bytesRead: number };
  /** The socket had carried an earlier request: it came from the keep-alive pool. */
  readonly reused: boolean;
  readonly bytesReadBefore: number;
}

// How the peer ends a connection it closed while idle: a FIN (undici: "other side closed"), a reset, or
// a reset that a write ran into. Anything else (a bad answer, a timeout, an abort) is not this case.
const CLOSED_CODES = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"]);

const requestsBySocket = new WeakMap<object, number>();
const sentRequests = new WeakMap<object, Sent>();
const staleFailures = new WeakSet<object>();
let watching = false;

/**
 * Follows every undici request (fetch's) through undici's diagnostics channels, so a failure can be told
 * apart: a request written on a pooled keep-alive connection that the upstream had already closed (it
 * closes idle connections after a few seconds, uvicorn after 5 s) and that got not one byte back never
 * reached the model. That race shows under load, when the gateway's event loop is late to see the
 * upstream's FIN and hands the dead connection out for a POST, which undici does not retry. Called once,
 * when the first HTTP upstream is made.
 */
export function watchConnectionReuse(): void {
  if (watching) return;
  watching = true;
  subscribe("undici:client:sendHeaders", (message) => {
    const { request, socket } = message as { request: object; socket: { bytesRead: number } };
    const written = (requestsBySocket.get(socket) ?? 0) + 1;
    requestsBySocket.set(socket, written);
    sentRequests.set(request, { socket, reused: written > 1, bytesReadBefore: socket.bytesRead });
  });
  subscribe("undici:request:error", (message) => {
    const { request, error } = message as { request: object; error: unknown };
    const sent = sentRequests.get(request);
    if (
      sent?.reused === true &&
      sent.socket.bytesRead === sent.bytesReadBefore &&
      error instanceof Object &&
      CLOSED_CODES.has(String((error as { code?: unknown }).code))
    ) {
      staleFailures.add(error);
    }
  });
}

/**
 * True when `error` (a rejected fetch, its cause chain walked) is a request that a reused connection lost
 * before any byte of the answer: the upstream had closed that connection, so the request never reached
 * the model, and sending it again on a fresh connection is safe. A request on a fresh connection, or one
 * that got part of an answer, may have reached the model and is not.
 */
export function failedOnStaleConnection(error: unknown): boolean {
  let current: unknown = error;
  // A bounded walk: fetch wraps the socket error once ("fetch failed" → SocketError).
  for (let depth = 0; depth < 4 && current instanceof Object; depth++) {
    if (staleFailures.has(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
