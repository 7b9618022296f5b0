import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createCallGuard } from "../../src/upstream/call-guard";
import { readNodeBodyLazily } from "../../src/upstream/read-node-body-lazily";
import { UpstreamTimeoutError } from "../../src/upstream/upstream-timeout-error";

const guard = (idleTimeoutMs?: number) =>
  createCallGuard({ clientSignal: new AbortController().signal, timeoutMs: undefined, idleTimeoutMs });

describe("readNodeBodyLazily", () => {
  it("reads as the consumer asks, never far ahead of it, and destroys the body on a break", async () => {
    let pulls = 0;
    // highWaterMark 0: the stream is asked for data only when a read is pending, so pulls count reads.
    const stream = new Readable({
      highWaterMark: 0,
      read() {
        pulls += 1;
        this.push(Buffer.from([pulls]));
      },
    });
    const seen: number[] = [];
    for await (const chunk of readNodeBodyLazily(stream, guard())) {
      seen.push(chunk[0] ?? -1);
      expect(pulls).toBeLessThanOrEqual(seen.length + 1);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(stream.destroyed).toBe(true);
  });

  it("skips empty chunks and ends when the body ends", async () => {
    const chunks: number[][] = [];
    const stream = Readable.from([Buffer.alloc(0), Buffer.from([7])], { objectMode: false });
    for await (const chunk of readNodeBodyLazily(stream, guard())) chunks.push([...chunk]);
    expect(chunks).toEqual([[7]]);
  });

  it("destroys a body given up before its first read, which closes the upstream socket, and nothing throws", async () => {
    // As undici's body does: destroyed unread, it emits an error, which no reader is left to take.
    const stream = new Readable({
      read() {},
      destroy(_error, callback) {
        callback(new Error("Request aborted"));
      },
    });
    const body = readNodeBodyLazily(stream, guard());
    await body.return?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.destroyed).toBe(true);
  });

  it("fails with the guard's idle timeout when the body goes silent", async () => {
    const stream = new Readable({ read() {} });
    const silent = guard(30);
    // As undici does with the request's signal: aborting it destroys the body.
    silent.signal.addEventListener("abort", () => stream.destroy(silent.signal.reason as Error));
    const body = readNodeBodyLazily(stream, silent);
    await expect(body.next()).rejects.toBeInstanceOf(UpstreamTimeoutError);
  });

  it("streams a turn's reads at its end in order, holds them while paused, and ends after the last", async () => {
    const stream = new Readable({ read() {} });
    const seen: string[] = [];
    let ended: (value?: unknown) => void = () => {};
    const end = new Promise((resolve) => {
      ended = resolve;
    });
    const flow = readNodeBodyLazily(stream, guard()).stream({
      data(chunk) {
        seen.push(Buffer.from(chunk).toString());
        // The relay pauses while its client cannot take more: the rest of the turn's reads wait.
        if (seen.length === 2) flow.pause();
      },
      end: (error) => ended(error),
    });
    stream.push("a");
    stream.push("b");
    stream.push("c");
    stream.push(null);
    // Nothing is handed over inside the turn that read it.
    expect(seen).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(["a", "b"]);
    flow.resume();
    expect(await end).toBeUndefined();
    expect(seen).toEqual(["a", "b", "c"]);
  });
});
