import { finished, type Readable } from "node:stream";
import { atTurnEnd, type TurnTask } from "../event-loop/at-turn-end";
import type { CallGuard } from "./call-guard";
import type { BodyFlow, BodySink, PushBody } from "./push-body";

/**
 * An undici `request` body (a Node Readable) as an async iterator: each `next()` reads what the socket has
 * delivered since the last one, with no web stream in between (docs/architecture.md §5, the load section: fetch's
 * web streams cost as much as the parsing). The Readable holds at most its high-water mark before undici pauses the
 * socket, so a slow client slows the upstream (backpressure), and idle time is only counted while the gateway is
 * actually waiting. `return()` (a `break`, or a server that gives up on the body, even before the first `next()`)
 * destroys the body, which closes the upstream socket. `stream` is the same without a promise per read: the
 * `data` events of a turn go to the sink at the turn's end, all streams' together (at-turn-end.ts), and `pause`
 * stops the socket the same way a pull that waits does.
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
      // The reads of this turn, handed to the sink at the turn's end (at-turn-end.ts), in order.
      const queue: Uint8Array[] = [];
      let queued = false;
      let flowing = true;
      // The body's end once it is known; given to the sink after the reads before it.
      let ending: { readonly error: unknown } | undefined;
      const finish = (error: unknown): void => {
        guard.stopIdle();
        if (error === undefined || error === null) {
          close(false);
          sink.end();
          return;
        }
        const failure = guard.failure(error);
        close(true);
        sink.end(failure);
      };
      const delivery: TurnTask = {
        runAtTurnEnd() {
          queued = false;
          let index = 0;
          while (index < queue.length && flowing && !closed) sink.data(queue[index++] as Uint8Array);
          queue.splice(0, index);
          if (!flowing || closed) return;
          if (ending !== undefined) finish(ending.error);
          // The sink ran synchronously, so no idle time passed in it: the silence counts again from here.
          else guard.startIdle();
        },
      };
      const deliver = (): void => {
        if (queued) return;
        queued = true;
        atTurnEnd("reads", delivery);
      };
      guard.startIdle();
      body.on("data", (chunk: Uint8Array) => {
        if (closed || chunk.byteLength === 0) return;
        queue.push(chunk);
        deliver();
      });
      // `finished` also reports a body that already ended or failed before anyone listened.
      finished(body, { writable: false }, (error) => {
        if (closed) return;
        ending = { error };
        deliver();
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
          if (queue.length > 0 || ending !== undefined) deliver();
        },
        cancel() {
          queue.length = 0;
          close(true);
        },
      };
    },
  };
  return iterator;
}

function ignore(): void {}
