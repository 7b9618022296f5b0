import { finished, type Readable } from "node:stream";
import type { CallGuard } from "./call-guard";
import type { BodyFlow, BodySink, PushBody } from "./push-body";

/**
 * An undici `request` body (a Node Readable) as an async iterator: each `next()` reads what the socket has
 * delivered since the last one, with no web stream in between (docs/architecture.md §5, the load section: fetch's
 * web streams cost as much as the parsing). The Readable holds at most its high-water mark before undici pauses the
 * socket, so a slow client slows the upstream (backpressure), and idle time is only counted while the gateway is
 * actually waiting. `return()` (a `break`, or a server that gives up on the body, even before the first `next()`)
 * destroys the body, which closes the upstream socket. `stream` is the same without a promise per read: each
 * `data` event goes straight to the sink, `pause` stops the socket the same way a pull that waits does.
 */
export function readNodeBodyLazily(
  body: Readable,
  guard: CallGuard,
): AsyncIterableIterator<Uint8Array> & PushBody {
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

  const iterator: AsyncIterableIterator<Uint8Array> & PushBody = {
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
    stream(sink: BodySink): BodyFlow {
      let flowing = true;
      guard.startIdle();
      body.on("data", (chunk: Uint8Array) => {
        if (closed) return;
        if (chunk.byteLength > 0) sink.data(chunk);
        // The sink ran synchronously, so no idle time passed in it: the silence counts again from here.
        if (flowing && !closed) guard.startIdle();
      });
      // `finished` also reports a body that already ended or failed before anyone listened.
      finished(body, { writable: false }, (error) => {
        if (closed) return;
        guard.stopIdle();
        if (error === undefined || error === null) {
          close(false);
          sink.end();
          return;
        }
        const failure = guard.failure(error);
        close(true);
        sink.end(failure);
      });
      return {
        pause() {
          flowing = false;
          guard.stopIdle();
          body.pause();
        },
        resume() {
          if (closed) return;
          flowing = true;
          guard.startIdle();
          body.resume();
        },
        cancel() {
          close(true);
        },
      };
    },
  };
  return iterator;
}

function ignore(): void {}
