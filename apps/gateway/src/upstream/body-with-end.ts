import { isPushBody, type PushBody } from "./push-body";

/**
 * `body` unchanged, calling `onEnd` once when it ends, fails or is given up (`return()`, also before the
 * first read): a replica's call counts as in flight until then. `return()` is passed on, so giving up
 * still cancels the upstream body and closes its socket. A body that pushes its reads still does.
 */
export function bodyWithEnd(
  body: AsyncIterable<Uint8Array>,
  onEnd: () => void,
): AsyncIterableIterator<Uint8Array> {
  const inner = body[Symbol.asyncIterator]();
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const done: IteratorReturnResult<undefined> = { done: true, value: undefined };

  const iterator: AsyncIterableIterator<Uint8Array> & Partial<PushBody> = {
    async next() {
      try {
        const result = await inner.next();
        if (result.done === true) end();
        return result;
      } catch (error) {
        end();
        throw error;
      }
    },
    async return() {
      try {
        await inner.return?.();
      } finally {
        end();
      }
      return done;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  if (isPushBody(body))
    iterator.stream = (sink) => {
      const flow = body.stream({
        data: (chunk) => sink.data(chunk),
        end(error) {
          end();
          sink.end(error);
        },
      });
      return {
        pause: () => flow.pause(),
        resume: () => flow.resume(),
        cancel() {
          flow.cancel();
          end();
        },
      };
    };
  return iterator;
}
