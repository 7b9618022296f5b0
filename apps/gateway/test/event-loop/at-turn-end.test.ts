import { describe, expect, it } from "vitest";
import { atTurnEnd } from "../../src/event-loop/at-turn-end";

const task = (run: () => void) => ({ runAtTurnEnd: run });

describe("atTurnEnd", () => {
  it("runs after the turn's synchronous work, every read before any write, each once", async () => {
    const order: string[] = [];
    atTurnEnd(
      "writes",
      task(() => order.push("write 1")),
    );
    atTurnEnd(
      "reads",
      task(() => order.push("read 1")),
    );
    atTurnEnd(
      "reads",
      task(() => {
        order.push("read 2");
        // A read that writes: its write goes out in the same turn, with the others.
        atTurnEnd(
          "writes",
          task(() => order.push("write 2")),
        );
      }),
    );
    order.push("sync");
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["sync", "read 1", "read 2", "write 1", "write 2"]);
  });

  it("runs reads a write frees (a paused stream resumed) before the turn ends", async () => {
    const order: string[] = [];
    atTurnEnd(
      "writes",
      task(() => {
        order.push("write");
        atTurnEnd(
          "reads",
          task(() => order.push("read after the write")),
        );
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["write", "read after the write"]);
  });
});
