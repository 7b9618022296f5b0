import { describe, expect, it } from "vitest";
import { createCallGuard } from "../../src/upstream/call-guard";
import { DispatchedBody } from "../../src/upstream/dispatched-body";
import { UpstreamConnectionError } from "../../src/upstream/upstream-connection-error";
import { UpstreamTimeoutError } from "../../src/upstream/upstream-timeout-error";

const guard = (idleTimeoutMs?: number) =>
  createCallGuard({ clientSignal: new AbortController().signal, timeoutMs: undefined, idleTimeoutMs });

/** A body with a source that counts what the body asked of it. */
function body(idleTimeoutMs?: number) {
  const asked = { resumes: 0, cancels: 0 };
  const callGuard = guard(idleTimeoutMs);
  const read = new DispatchedBody(
    { resume: () => (asked.resumes += 1), cancel: () => (asked.cancels += 1) },
    callGuard,
  );
  // As post-upstream.ts has undici do: the guard's abort fails the request, and so the body.
  callGuard.signal.addEventListener("abort", () => read.finish(callGuard.signal.reason));
  return { read, asked };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const bytes = (text: string) => Buffer.from(text);

describe("DispatchedBody read by pulls", () => {
  it("gives the reads in order, skips empty ones and ends when the answer does", async () => {
    const { read } = body();
    read.take(bytes("a"));
    read.take(Buffer.alloc(0));
    setImmediate(() => {
      read.take(bytes("b"));
      read.finish();
    });
    const seen: string[] = [];
    for await (const chunk of read) seen.push(Buffer.from(chunk).toString());
    expect(seen).toEqual(["a", "b"]);
  });

  it("stops the source once 64 KiB wait unread, and resumes it when a pull takes them below", async () => {
    const { read, asked } = body();
    const kib = Buffer.alloc(1024);
    let taken = 0;
    while (read.take(kib)) taken += 1;
    expect(taken).toBe(63);
    expect(asked.resumes).toBe(0);
    await read.next();
    expect(asked.resumes).toBe(1);
    // One read back at the mark stops it again.
    expect(read.take(kib)).toBe(false);
  });

  it("gives the request up on return(), also before the first read, but not once the answer is complete", async () => {
    const early = body();
    await early.read.return();
    expect(early.asked.cancels).toBe(1);
    expect(await early.read.next()).toEqual({ done: true, value: undefined });

    const complete = body();
    complete.read.take(bytes("x"));
    complete.read.finish();
    await complete.read.return();
    expect(complete.asked.cancels).toBe(0);
  });

  it("fails with the guard's idle timeout when the answer goes silent", async () => {
    const { read } = body(30);
    await expect(read.next()).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });

  it("fails with a connection error after the reads before it", async () => {
    const { read } = body();
    read.take(bytes("partial"));
    read.finish(Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }));
    expect(Buffer.from((await read.next()).value as Uint8Array).toString()).toBe("partial");
    await expect(read.next()).rejects.toBeInstanceOf(UpstreamConnectionError);
  });
});

describe("DispatchedBody streamed", () => {
  it("hands a turn's reads over at its end in order, holds them while paused, and ends after the last", async () => {
    const { read, asked } = body();
    const seen: string[] = [];
    let ended: unknown = "not yet";
    const flow = read.stream({
      data(chunk) {
        seen.push(Buffer.from(chunk).toString());
        // The relay pauses while its client cannot take more: the rest of the turn's reads wait.
        if (seen.length === 2) flow.pause();
      },
      end: (error) => {
        ended = error;
      },
    });
    expect(read.take(bytes("a"))).toBe(true);
    read.take(bytes("b"));
    read.take(bytes("c"));
    read.finish();
    // Nothing is handed over inside the turn that read it.
    expect(seen).toEqual([]);
    await turn();
    expect(seen).toEqual(["a", "b"]);
    // A read while paused stops the socket.
    expect(read.take(bytes("d"))).toBe(false);
    await turn();
    expect(seen).toEqual(["a", "b"]);
    flow.resume();
    expect(asked.resumes).toBe(1);
    await turn();
    expect(seen).toEqual(["a", "b", "c", "d"]);
    expect(ended).toBeUndefined();
  });

  it("delivers the reads that came before the sink, and resumes a source they had stopped", async () => {
    const { read, asked } = body();
    const big = Buffer.alloc(64 * 1024);
    expect(read.take(big)).toBe(false);
    const seen: number[] = [];
    let ended = false;
    read.stream({
      data: (chunk) => seen.push(chunk.byteLength),
      end: () => {
        ended = true;
      },
    });
    expect(asked.resumes).toBe(1);
    read.finish();
    await turn();
    expect(seen).toEqual([64 * 1024]);
    expect(ended).toBe(true);
  });

  it("ends the sink with the typed failure, and cancel gives the request up with nothing more delivered", async () => {
    const failing = body();
    let failure: unknown;
    failing.read.stream({ data() {}, end: (error) => (failure = error) });
    failing.read.finish(Object.assign(new Error("reset"), { code: "ECONNRESET" }));
    await turn();
    expect(failure).toBeInstanceOf(UpstreamConnectionError);
    expect(failing.asked.cancels).toBe(0);

    const cancelled = body();
    const seen: string[] = [];
    const flow = cancelled.read.stream({ data: (chunk) => seen.push(String(chunk)), end() {} });
    cancelled.read.take(bytes("late"));
    flow.cancel();
    await turn();
    expect(seen).toEqual([]);
    expect(cancelled.asked.cancels).toBe(1);
  });
});
