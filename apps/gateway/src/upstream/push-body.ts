/**
 * An upstream body that can also push its reads (docs/architecture.md §5, the load section): `stream` hands
 * each socket read to `sink.data` (at the end of the turn it arrived in, with every stream's: at-turn-end.ts),
 * with no promise between the socket and the parser, then calls `sink.end` once (with the error when it failed). Pulling with `for await` costs a
 * promise per layer per read, which at one token a read is a large share of a token's CPU. A body is read
 * one way or the other, once.
 */
export interface PushBody extends AsyncIterable<Uint8Array> {
  stream(sink: BodySink): BodyFlow;
}

export interface BodySink {
  data(chunk: Uint8Array): void;
  /** The body ended (no argument) or failed (the typed error a pull would have thrown). */
  end(error?: unknown): void;
}

/** The reader's side: `pause` until the client can take more (backpressure), `cancel` to close the socket. */
export interface BodyFlow {
  pause(): void;
  resume(): void;
  cancel(): void;
}

export function isPushBody(body: AsyncIterable<Uint8Array>): body is PushBody {
  return typeof (body as Partial<PushBody>).stream === "function";
}
