import type { CallGuard } from "./call-guard";

/**
 * The fetch body as an async iterator with exactly one `read()` per `next()`, so nothing is buffered
 * beyond what undici holds: a slow client slows the upstream socket (backpressure), and idle time is
 * only counted while the gateway is actually waiting. `return()` (a `break`, or a server that gives up
 * on the body, even before the first `next()`) cancels the body, which closes the upstream socket.
 */
export function readBodyLazily(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  guard: CallGuard,
): AsyncIterableIterator<Uint8Array> {
  let closed = false;
  const close = async (cancel: boolean): Promise<void> => {
    if (closed) return;
    closed = true;
    guard.dispose();
    if (cancel) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  };
  const done: IteratorReturnResult<undefined> = { done: true, value: undefined };

  const iterator: AsyncIterableIterator<Uint8Array> = {
    async next() {
      while (!closed) {
        let result: Awaited<ReturnType<typeof reader.read>>;
        guard.startIdle();
        try {
          result = await reader.read();
        } catch (error) {
          const failure = guard.failure(error);
          await close(false);
          throw failure;
        } finally {
          guard.stopIdle();
        }
        if (result.done) break;
        // undici can hand out empty chunks; they carry nothing and would only cost the consumer a turn.
        if (result.value.byteLength > 0) return { done: false, value: result.value };
      }
      await close(false);
      return done;
    },
    async return() {
      await close(true);
      return done;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
