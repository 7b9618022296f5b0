import type { ExchangeSummary } from "@sluice/console";
import { describe, expect, it } from "vitest";
import { ConsoleRing, type HeldCapture } from "../../src/console/console-ring";
import type { RecordedExchange } from "../../src/record/recorded-exchange";

const summary = (id: string): ExchangeSummary => ({
  id,
  time: "2026-12-02T00:00:00.000Z",
  method: "POST",
  route: "/v1/messages",
  client: "curl",
  state: "done",
  warnings: 0,
  warningCodes: [],
  reads: 0,
  bytes: 0,
  detail: false,
});
const capture = (bytes: number): HeldCapture => ({
  kind: "served",
  served: { file: "x".repeat(bytes), eventReads: [], warnings: [] },
});
/** Parts counted as `length`, whose file is `fileBytes` long; `built` counts the scrubs. */
const raw = (length: number, fileBytes: number, built: { count: number }): HeldCapture => ({
  kind: "raw",
  length,
  serve: () => {
    built.count += 1;
    return { file: "y".repeat(fileBytes), record: {} as RecordedExchange, eventReads: [], warnings: [] };
  },
});

describe("ConsoleRing", () => {
  it("drops the oldest past the count bound", () => {
    const ring = new ConsoleRing({ maxExchanges: 2, maxBytes: 1e9 });
    ring.add(summary("a"), capture(10));
    ring.add(summary("b"), capture(10));
    expect(ring.add(summary("c"), capture(10)).evicted).toEqual(["a"]);
    expect([...ring.values()].map((held) => held.summary.id)).toEqual(["b", "c"]);
  });

  it("drops the oldest past the bytes bound, and counts what it holds", () => {
    const ring = new ConsoleRing({ maxExchanges: 100, maxBytes: 3100 });
    ring.add(summary("a"), capture(1000));
    ring.add(summary("b"), capture(1000));
    expect(ring.add(summary("c"), capture(1000)).evicted).toEqual(["a"]);
    expect(ring.bytes).toBeLessThanOrEqual(3100);
    expect(ring.get("b")?.summary.detail).toBe(true);
  });

  it("keeps only the summary of an exchange too large for the whole ring", () => {
    const ring = new ConsoleRing({ maxExchanges: 100, maxBytes: 2000 });
    const { kept } = ring.add(summary("big"), capture(5000));
    expect(kept.summary.detail).toBe(false);
    expect(kept.capture).toBeUndefined();
    expect(ring.serve("big")).toBeUndefined();
    expect(ring.size).toBe(1);
  });

  it("applies new bounds at once", () => {
    const ring = new ConsoleRing({ maxExchanges: 10, maxBytes: 1e9 });
    for (const id of ["a", "b", "c"]) ring.add(summary(id), capture(1));
    expect(ring.resize({ maxExchanges: 1, maxBytes: 1e9 })).toEqual(["a", "b"]);
  });

  it("counts raw parts by their length, builds their file when asked, and keeps it in their place", () => {
    const ring = new ConsoleRing({ maxExchanges: 100, maxBytes: 1e9 });
    const built = { count: 0 };
    ring.add(summary("a"), raw(1000, 1500, built));
    ring.add(summary("b"), capture(10));
    expect(built.count).toBe(0);
    const before = ring.bytes;
    expect(ring.serve("a")?.file).toHaveLength(1500);
    expect(ring.serve("a")?.file).toHaveLength(1500);
    expect(built.count).toBe(1);
    expect(ring.bytes).toBe(before + 500);
    // Still the oldest: looking at it did not move it.
    expect([...ring.values()].map((held) => held.summary.id)).toEqual(["a", "b"]);
  });

  it("never drops an exchange to keep a file it built: past the bound, the parts stay", () => {
    const ring = new ConsoleRing({ maxExchanges: 100, maxBytes: 3000 });
    const built = { count: 0 };
    ring.add(summary("a"), raw(1000, 2500, built));
    ring.add(summary("b"), capture(500));
    expect(ring.serve("a")?.file).toHaveLength(2500);
    expect(ring.serve("a")?.file).toHaveLength(2500);
    expect(built.count).toBe(2);
    expect(ring.size).toBe(2);
    expect(ring.bytes).toBeLessThanOrEqual(3000);
  });
});
