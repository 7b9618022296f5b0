import { Readable } from "node:stream";
import type { StreamEvent } from "@sluice/events";
import { describe, expect, it } from "vitest";
import { type RelayOptions, relayUpstream } from "../../../src/server/generation/relay-upstream";
import { createCallGuard } from "../../../src/upstream/call-guard";
import { isPushBody } from "../../../src/upstream/push-body";
import { bodyFromReadable } from "../../upstream/body-from-readable";

// The relay as the HTTP upstream feeds it: a body that pushes its reads (push-body.ts). The whole gateway's
// tests run this path too; these pin what it owes the pull path: backpressure, cancelling, failures, idle.

const sse = (content: string, finish: string | null = null): Buffer =>
  Buffer.from(
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: content === "" ? {} : { content }, finish_reason: finish }] })}\n\n`,
  );
const ANSWER = [sse("Hel"), sse("lo"), sse(" there"), sse("", "stop"), Buffer.from("data: [DONE]\n\n")];

/** A body that gives its chunks only when asked, and counts how often it was asked. */
function trickle(chunks: Buffer[]) {
  const state = { reads: 0 };
  const stream = new Readable({
    highWaterMark: 0,
    read() {
      state.reads += 1;
      const next = chunks.shift();
      if (next !== undefined) setImmediate(() => this.push(next));
    },
  });
  return { stream, state };
}

function relayOf(stream: Readable, overrides: Partial<RelayOptions> & { idleTimeoutMs?: number } = {}) {
  const client = new AbortController();
  const guard = createCallGuard({
    clientSignal: client.signal,
    timeoutMs: undefined,
    idleTimeoutMs: overrides.idleTimeoutMs,
  });
  const body = bodyFromReadable(stream, guard);
  const events: StreamEvent[] = [];
  const options: RelayOptions = {
    body,
    transcoder: { model: "m", thinking: false },
    clientSignal: client.signal,
    shutdownSignal: new AbortController().signal,
    secrets: [],
    onFirstByte() {},
    emit: (batch) => {
      events.push(...batch);
      return undefined;
    },
    ...overrides,
  };
  return { client, events, options, body };
}

const text = (events: readonly StreamEvent[]): string =>
  events.map((event) => (event.type === "block-delta" && event.kind === "text" ? event.text : "")).join("");

describe("relayUpstream with a body that pushes its reads", () => {
  it("relays every read and ends the stream, the body then closed", async () => {
    const { stream } = trickle([...ANSWER]);
    const { events, options, body } = relayOf(stream);
    expect(isPushBody(body)).toBe(true);
    const summary = await relayUpstream(options);
    expect(text(events)).toBe("Hello there");
    expect(events.at(-1)?.type).toBe("message-end");
    expect(summary.stopReason).toBe("end_turn");
    expect(stream.destroyed).toBe(true);
  });

  it("pauses the socket while the client cannot take more, and reads on once it drained", async () => {
    const { stream, state } = trickle([...ANSWER]);
    let release: (() => void) | undefined;
    let batches = 0;
    let readsWhenHeld = -1;
    const { events, options } = relayOf(stream, {
      emit: (batch) => {
        events.push(...batch);
        batches += 1;
        // The first read's batch (after message_start) is not taken at once.
        if (batches !== 2) return undefined;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    const relayed = relayUpstream(options);
    while (release === undefined) await new Promise((resolve) => setImmediate(resolve));
    readsWhenHeld = state.reads;
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    // Nothing more was asked of the body while the write was held.
    expect(state.reads).toBe(readsWhenHeld);
    expect(stream.isPaused()).toBe(true);
    expect(text(events)).toBe("Hel");
    release();
    await relayed;
    expect(text(events)).toBe("Hello there");
  });

  it("stops at once when the client goes away, and closes the upstream socket", async () => {
    const { stream } = trickle([sse("a"), sse("b")]);
    const { client, events, options } = relayOf(stream);
    const relayed = relayUpstream({
      ...options,
      emit: (batch) => {
        events.push(...batch);
        if (text(events) === "a") client.abort();
        return undefined;
      },
    });
    await relayed;
    expect(text(events)).toBe("a");
    expect(stream.destroyed).toBe(true);
  });

  it("ends the stream with an error event when the body fails mid-way", async () => {
    const stream = new Readable({ read() {} });
    const { events, options } = relayOf(stream);
    const relayed = relayUpstream(options);
    stream.push(sse("partial"));
    await new Promise((resolve) => setImmediate(resolve));
    stream.destroy(Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }));
    const summary = await relayed;
    expect(text(events)).toBe("partial");
    expect(events.at(-1)?.type).toBe("error");
    expect(summary.error?.message).toMatch(/closed|connection|upstream/i);
  });

  it("times out a body that goes silent, while reading", async () => {
    const stream = new Readable({ read() {} });
    const { events, options } = relayOf(stream, { idleTimeoutMs: 40 });
    const relayed = relayUpstream(options);
    stream.push(sse("x"));
    const summary = await relayed;
    expect(text(events)).toBe("x");
    expect(summary.error?.message).toMatch(/idle|timed out|40 ms/i);
  });

  it("does not count a paused socket's silence as idle: the client is the slow one", async () => {
    const { stream } = trickle([...ANSWER]);
    let release: (() => void) | undefined;
    let batches = 0;
    const { events, options } = relayOf(stream, {
      idleTimeoutMs: 30,
      emit: (batch) => {
        events.push(...batch);
        batches += 1;
        if (batches !== 2) return undefined;
        return new Promise<void>((resolve) => {
          release = () => resolve();
        });
      },
    });
    const relayed = relayUpstream(options);
    while (release === undefined) await new Promise((resolve) => setImmediate(resolve));
    // Longer than the idle timeout, waiting on the client: an event (a timer firing), not a bound on speed.
    await new Promise((resolve) => setTimeout(resolve, 90));
    release();
    const summary = await relayed;
    expect(summary.error).toBeUndefined();
    expect(text(events)).toBe("Hello there");
  });
});
