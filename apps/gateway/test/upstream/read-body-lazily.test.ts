import { describe, expect, it } from "vitest";
import { createCallGuard } from "../../src/upstream/call-guard";
import { readBodyLazily } from "../../src/upstream/read-body-lazily";

describe("readBodyLazily", () => {
  it("reads the upstream body once per iteration, never ahead", async () => {
    let pulls = 0;
    // highWaterMark 0: the stream pulls only when a read is pending, so pulls count reads exactly.
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1;
          controller.enqueue(new Uint8Array([pulls]));
        },
      },
      { highWaterMark: 0 },
    );
    const guard = createCallGuard({
      clientSignal: new AbortController().signal,
      timeoutMs: undefined,
      idleTimeoutMs: undefined,
    });
    const body = readBodyLazily(stream.getReader(), guard);
    const seen: number[] = [];
    for await (const chunk of body) {
      seen.push(chunk[0] ?? -1);
      expect(pulls).toBe(seen.length);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(pulls).toBe(3);
  });

  it("skips empty chunks and ends when the stream ends", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([]));
        controller.enqueue(new Uint8Array([7]));
        controller.close();
      },
    });
    const guard = createCallGuard({
      clientSignal: new AbortController().signal,
      timeoutMs: undefined,
      idleTimeoutMs: undefined,
    });
    const chunks: number[][] = [];
    for await (const chunk of readBodyLazily(stream.getReader(), guard)) chunks.push([...chunk]);
    expect(chunks).toEqual([[7]]);
  });
});
