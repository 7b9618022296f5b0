import type { Readable } from "node:stream";
import type { CallGuard } from "./call-guard";

/**
 * An undici `request` body (a Node Readable) as an async iterator: each `next()` reads what the socket has
 * delivered since the last one, with no web stream in between (docs/architecture.md §5, the load section: fetch's
 * web streams cost as much as the parsing). The Readable holds at most its high-water mark before undici pauses the
 * socket, so a slow client slows the upstream (backpressure), and idle time is only counted while the gateway is
 * actually waiting. `return()` (a `break`, or a server that gives up on the body, even before the first `next()`)
 * destroys the body, which closes the upstream socket.
 */
export function readNodeBodyLazily(body: Readable, guard: CallGuard): AsyncIterableIterator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let closed = false;
  const close = (destroy: boolean): void => {
    if (closed) return;
    closed = true;
    guard.dispose();
    if (!destroy) return;
    // undici's body emits an `error` (RequestAbortedError) when destroyed unread; with no reader left to take it,
    // it would be an uncaught exception.
    body.on("error", ignore);
    body.destroy();
  };
  const done: IteratorReturnResult<undefined> = { done: true, value: undefined };

  const iterator: AsyncIterableIterator<Uint8Array> = {
    async next() {
      while (!closed) {
        let result: IteratorResult<Uint8Array>;
        guard.startIdle();
        try {
          result = await chunks.next();
        } catch (error) {
          const failure = guard.failure(error);
          close(true);
          throw failure;
        } finally {
          guard.stopIdle();
        }
        if (result.done === true) break;
        if (result.value.byteLength > 0) return { done: false, value: result.value };
      }
      close(false);
      return done;
    },
    async return() {
      close(true);
      return done;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

function ignore(): void {}
