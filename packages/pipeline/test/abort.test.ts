import type { StreamEvent } from "@sluice/events";
import { describe, expect, it } from "vitest";
import { createTranscoder } from "../src";

const chunk = (delta: unknown, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

describe("abort: the gateway gives a stream up", () => {
  it("ends it with the error event at once, even after a finish reason came, and ignores what follows", () => {
    const events: StreamEvent[] = [];
    const transcoder = createTranscoder({ model: "m", thinking: false }, (event) => events.push(event));
    transcoder.push(chunk({ content: "Hello" }));
    transcoder.push(chunk({}, "stop"));
    const failure = { type: "api_error" as const, message: "the answer is too large" };
    transcoder.abort(failure);
    transcoder.push(chunk({ content: " more" }));
    transcoder.push("data: [DONE]\n\n");
    transcoder.end();
    expect(events.map((event) => event.type)).toEqual([
      "message-start",
      "block-start",
      "block-delta",
      "error",
    ]);
    expect(events.at(-1)).toEqual({ type: "error", error: failure });
    expect(transcoder.finished).toBe(true);
    expect(transcoder.summary.error).toEqual(failure);
  });
});
