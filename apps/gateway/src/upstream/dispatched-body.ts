import { atTurnEnd, type TurnTask } from "../event-loop/at-turn-end";
import type { CallGuard } from "./call-guard";
import type { BodyFlow, BodySink, PushBody } from "./push-body";

/** What a body asks of the request that feeds it (post-upstream.ts: undici's dispatch). */
export interface BodySource {
  /** Reads on after `take` returned false. */
  resume(): void;
  /** Gives the request up: undici destroys its socket, which is how vLLM learns to free the sequence. */
  cancel(): void;
}

// How much a body read by pulls holds before the socket waits: a Node Readable's default.
const PULL_HIGH_WATER_BYTES = 64 * 1024;

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * An upstream answer's body as undici's dispatch handler delivers it: `take` is each socket read and
 * `finish` its end, with no Readable in between (docs/architecture.md §5, the load section: undici's body
 * stream cost a share of every token). It is read one of two ways, once:
 *
 * - `stream(sink)`: a turn's reads go to the sink at the turn's end, every stream's together (at-turn-end.ts),
 *   then `sink.end` once; `pause` makes the next read stop the socket until `resume` (backpressure).
 * - pulls (`for await`): each `next()` takes what arrived since the last one; the socket stops while 64 KiB
 *   wait unread. `return()` gives the request up, also before the first read.
 *
 * Idle time counts only while the gateway waits for the upstream (the guard's silence watch), and a
 * failure is the guard's typed error (client abort, timeout, or the connection's).
 */
export class DispatchedBody implements AsyncIterableIterator<Uint8Array>, PushBody, BodyFlow, TurnTask {
  private readonly queue: Uint8Array[] = [];
  private queuedBytes = 0;
  /** The body's end once known (`error` undefined: a complete answer), given after the reads before it. */
  private ending: { readonly error: unknown } | undefined = undefined;
  private closed = false;
  /** `take` returned false: the source waits for `resume`. */
  private holding = false;
  private sink: BodySink | undefined = undefined;
  private flowing = true;
  private scheduled = false;
  private wake: (() => void) | undefined = undefined;

  constructor(
    private readonly source: BodySource,
    private readonly guard: CallGuard,
  ) {}

  /** One read from the socket; false asks the source to stop reading until it is resumed. */
  take(chunk: Uint8Array): boolean {
    if (this.closed || chunk.byteLength === 0) return true;
    this.queue.push(chunk);
    if (this.sink !== undefined) {
      // While paused nothing is delivered: `resume` schedules what waits.
      if (this.flowing) {
        if (!this.scheduled) this.schedule();
        return true;
      }
    } else {
      this.queuedBytes += chunk.byteLength;
      this.wakeReader();
      if (this.queuedBytes < PULL_HIGH_WATER_BYTES) return true;
    }
    this.holding = true;
    return false;
  }

  /** The answer ended: complete (no argument) or failed (undici's error, or the abort reason). */
  finish(error?: unknown): void {
    if (this.closed || this.ending !== undefined) return;
    this.ending = { error };
    if (this.sink === undefined) this.wakeReader();
    else if (!this.scheduled) this.schedule();
  }

  async next(): Promise<IteratorResult<Uint8Array>> {
    for (;;) {
      if (this.closed) return DONE;
      const chunk = this.queue.shift();
      if (chunk !== undefined) {
        this.queuedBytes -= chunk.byteLength;
        if (this.holding && this.queuedBytes < PULL_HIGH_WATER_BYTES) this.release();
        return { done: false, value: chunk };
      }
      if (this.ending !== undefined) {
        const failure = this.endingFailure();
        this.close(false);
        if (failure !== undefined) throw failure;
        return DONE;
      }
      this.guard.startIdle();
      try {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
      } finally {
        this.guard.stopIdle();
      }
    }
  }

  async return(): Promise<IteratorReturnResult<undefined>> {
    this.close(true);
    return DONE;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  stream(sink: BodySink): BodyFlow {
    this.sink = sink;
    this.guard.startIdle();
    if (this.queue.length > 0 || this.ending !== undefined) this.schedule();
    // Reads that came before the sink did and filled the pull buffer: the sink takes them now.
    if (this.holding) this.release();
    return this;
  }

  pause(): void {
    this.flowing = false;
    this.guard.stopIdle();
  }

  resume(): void {
    if (this.closed) return;
    this.flowing = true;
    this.guard.startIdle();
    if (this.holding) this.release();
    if (!this.scheduled && (this.queue.length > 0 || this.ending !== undefined)) this.schedule();
  }

  cancel(): void {
    this.queue.length = 0;
    this.close(true);
  }

  runAtTurnEnd(): void {
    this.scheduled = false;
    const sink = this.sink as BodySink;
    const queue = this.queue;
    let index = 0;
    while (index < queue.length && this.flowing && !this.closed) sink.data(queue[index++] as Uint8Array);
    if (index === queue.length) queue.length = 0;
    else queue.splice(0, index);
    if (!this.flowing || this.closed) return;
    if (this.ending === undefined) {
      // The sink ran synchronously, so no idle time passed in it: the silence counts again from here.
      this.guard.startIdle();
      return;
    }
    const failure = this.endingFailure();
    this.close(false);
    sink.end(failure);
  }

  private schedule(): void {
    this.scheduled = true;
    atTurnEnd("reads", this);
  }

  private release(): void {
    this.holding = false;
    this.source.resume();
  }

  private wakeReader(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private endingFailure(): Error | undefined {
    const error = this.ending?.error;
    return error === undefined || error === null ? undefined : this.guard.failure(error);
  }

  /** `cancel`: the answer is not over, so the request is given up (its socket closed). */
  private close(cancel: boolean): void {
    if (this.closed) return;
    this.closed = true;
    this.guard.dispose();
    if (cancel && this.ending === undefined) this.source.cancel();
    this.wakeReader();
  }
}
