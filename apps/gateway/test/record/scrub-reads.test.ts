import { describe, expect, it } from "vitest";
import { scrubReads } from "../../src/record/scrub-reads";

const KEY = "sk-secret-123456";

describe("scrubReads", () => {
  it("redacts a secret inside one read and keeps the reads as they were", () => {
    expect(scrubReads(["a ", `b ${KEY} c`, " d"], [KEY])).toEqual(["a ", "b [redacted] c", " d"]);
  });

  it("redacts a secret split between reads; the cut moves to the end of [redacted]", () => {
    expect(scrubReads(["x sk-sec", "ret-1", "23456 y"], [KEY])).toEqual(["x [redacted]", "", " y"]);
  });

  it("redacts Bearer tokens across reads, and every secret, not only the first", () => {
    expect(scrubReads(["Bear", "er abc.def", "+gh rest"], [])).toEqual(["Bearer [redacted]", "", " rest"]);
    expect(scrubReads([`${KEY}|`, "team-7"], [KEY, "team-7"])).toEqual(["[redacted]|", "[redacted]"]);
  });

  it("leaves short secrets alone (they would redact ordinary words) and text without secrets untouched", () => {
    const reads = ["the cat", " sat"];
    expect(scrubReads(reads, ["cat"])).toEqual(reads);
    expect(scrubReads([], [KEY])).toEqual([]);
  });
});
