import type { Segment } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { TextAfterCalls } from "../src";

function probe() {
  const segments: Segment[] = [];
  return { segments, text: new TextAfterCalls((segment) => segments.push(segment)) };
}

describe("TextAfterCalls", () => {
  it("passes text straight on outside the after-call state", () => {
    const { segments, text } = probe();
    expect(text.text("hello ")).toBe(false);
    expect(segments).toEqual([{ type: "text", text: "hello " }]);
  });

  it("holds whitespace after a call until text decides it is text", () => {
    const { segments, text } = probe();
    text.callEnded();
    expect(text.text("\n")).toBe(false);
    expect(text.text("\n")).toBe(false);
    expect(segments).toEqual([]);
    expect(text.heldLength).toBe(2);
    expect(text.text("done")).toBe(true);
    expect(segments).toEqual([{ type: "text", text: "\n\ndone" }]);
    expect(text.heldLength).toBe(0);
  });

  it("gives held whitespace to the next call as its markup", () => {
    const { segments, text } = probe();
    text.callEnded();
    text.text("\n");
    expect(text.callStarts()).toBe("\n");
    text.text("x");
    expect(segments).toEqual([{ type: "text", text: "x" }]);
  });

  it("keeps the after-call state when a closing tag takes the held whitespace", () => {
    const { segments, text } = probe();
    text.callEnded();
    text.text(" ");
    expect(text.takeHeld()).toBe(" ");
    text.text("\n");
    text.end();
    expect(segments).toEqual([{ type: "text", text: "\n" }]);
  });

  it("passes a whitespace run longer than 4096 on as text", () => {
    const { segments, text } = probe();
    text.callEnded();
    text.text(" ".repeat(4096));
    expect(segments).toEqual([]);
    expect(text.text(" ")).toBe(true);
    expect(segments).toEqual([{ type: "text", text: " ".repeat(4097) }]);
  });
});
