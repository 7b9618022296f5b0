import type { Upstream, UpstreamRequest, UpstreamResponse } from "../../src/upstream/upstream";
import { UpstreamAbortError } from "../../src/upstream/upstream-abort-error";
import { UpstreamConnectionError } from "../../src/upstream/upstream-connection-error";
import { UpstreamTimeoutError } from "../../src/upstream/upstream-timeout-error";
import { UpstreamUnreachableError } from "../../src/upstream/upstream-unreachable-error";

/** How a fake replica answers one call. */
export type Answer = (request: UpstreamRequest, replica: FakeReplica) => Promise<UpstreamResponse>;

/** An in-process replica: what it answers can change between requests, and it counts its calls. */
export interface FakeReplica extends Upstream {
  readonly url: string;
  /** Chat calls received. */
  calls: number;
  tokenizeCalls: number;
  answer: Answer;
}

export function fakeReplica(name: string, answer: Answer): FakeReplica {
  const replica: FakeReplica = {
    url: `http://${name}:8000/v1/chat/completions`,
    calls: 0,
    tokenizeCalls: 0,
    answer,
    send(request) {
      replica.calls += 1;
      return replica.answer(request, replica);
    },
    async tokenize() {
      replica.tokenizeCalls += 1;
      return 7;
    },
  };
  return replica;
}

/** A body that says whether it was read to its end or given up, and can wait or fail on cue. */
export interface FakeBody extends AsyncIterableIterator<Uint8Array> {
  /** Read to the end, failed, or given up (`return()`). */
  readonly finished: boolean;
}

export interface FakeBodyOptions {
  /** The body waits for this before its end (an open stream). */
  readonly until?: Promise<void>;
  /** Throws a connection error after this many chunks (a cut after the first byte). */
  readonly failAfter?: number;
}

export function fakeBody(chunks: readonly string[], options: FakeBodyOptions = {}): FakeBody {
  const encoder = new TextEncoder();
  let index = 0;
  let finished = false;
  const done: IteratorReturnResult<undefined> = { done: true, value: undefined };
  const body: FakeBody = {
    get finished() {
      return finished;
    },
    async next() {
      if (finished) return done;
      if (options.failAfter !== undefined && index === options.failAfter) {
        finished = true;
        throw new UpstreamConnectionError(
          "upstream connection failed (UND_ERR_SOCKET): other side closed",
          "UND_ERR_SOCKET",
        );
      }
      const chunk = chunks[index];
      if (chunk !== undefined) {
        index += 1;
        return { done: false, value: encoder.encode(chunk) };
      }
      await options.until;
      finished = true;
      return done;
    },
    async return() {
      finished = true;
      return done;
    },
    [Symbol.asyncIterator]() {
      return body;
    },
  };
  return body;
}

/** Answers `status` with `chunks`; `onBody` sees the body (to hold it open, or check it was dropped). */
export function answering(
  status: number,
  chunks: readonly string[] = ["data: {}\n\n"],
  options: FakeBodyOptions & { readonly onBody?: (body: FakeBody) => void } = {},
): Answer {
  return async () => {
    const body = fakeBody(chunks, options);
    options.onBody?.(body);
    return { status, headers: new Headers(), body };
  };
}

/** A refused connection, naming the replica as the HTTP upstream does. */
export const refusing: Answer = async (_request, replica) => {
  throw new UpstreamUnreachableError("upstream connection failed (ECONNREFUSED): connect ECONNREFUSED", [
    { url: replica.url, code: "ECONNREFUSED" },
  ]);
};

/** A host name DNS does not know, as the HTTP upstream reports it. */
export const unknownHost: Answer = async (_request, replica) => {
  throw new UpstreamUnreachableError("upstream connection failed (ENOTFOUND): getaddrinfo ENOTFOUND", [
    { url: replica.url, code: "ENOTFOUND" },
  ]);
};

/** Silence until the idle timeout, before any header. */
export const timingOut: Answer = async (_request, replica) => {
  throw new UpstreamTimeoutError("idle", 50, replica.url);
};

/** Waits until the client goes away, then fails as the HTTP upstream does on a client abort. */
export const waitingForAbort: Answer = (request) =>
  new Promise((_resolve, reject) => {
    const fail = (): void => reject(new UpstreamAbortError());
    if (request.signal.aborted) fail();
    else request.signal.addEventListener("abort", fail, { once: true });
  });

/** Reads a body to its end, as text. */
export async function readAll(body: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of body) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
