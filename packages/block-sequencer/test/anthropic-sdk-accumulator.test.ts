import { MessageStream } from "@anthropic-ai/sdk/lib/MessageStream";
import type { Segment } from "@sluice/core";
import type { StreamEvent } from "@sluice/events";
import { toAnthropicEvents } from "@sluice/protocol-anthropic";
import { describe, expect, it } from "vitest";
import { call, delta, end, reasoning, sequence, start, text } from "./sequence";

/** Wraps the sequencer's events in a message and lets the official SDK accumulate their Anthropic encoding. */
async function accumulateWithSdk(segments: readonly Segment[]) {
  const events: StreamEvent[] = [
    { type: "message-start", id: "msg_1", model: "qwen3.5", inputTokens: 10 },
    ...sequence(segments, { signature: "sig" }).events,
    { type: "message-end", stopReason: "tool_use", stopSequence: null, usage: { outputTokens: 42 } },
  ];
  // The SDK reads newline-delimited JSON events from a ReadableStream (its own toReadableStream format).
  const body = new TextEncoder().encode(
    toAnthropicEvents(events)
      .map((event) => `${JSON.stringify(event)}\n`)
      .join(""),
  );
  const stream = MessageStream.fromReadableStream(
    new ReadableStream({
      start(controller) {
        controller.enqueue(body);
        controller.close();
      },
    }),
  );
  return stream.finalMessage();
}

describe("the official Anthropic SDK accepts the sequencer's events (docs/protocol.md A3, A4)", () => {
  it("accumulates thinking, text and tool_use blocks with parsed input", async () => {
    const message = await accumulateWithSdk([
      reasoning("plan"),
      text("\n\n"),
      text("Let me look."),
      start(0, "bash", "functions.Bash:0"),
      delta(0, '{"command":'),
      text(" Running it."),
      delta(0, '"ls -la"}'),
      end(0),
      ...call(1, "read", '{"path":"/tmp/__proto__"}'),
    ]);
    expect(message.content).toEqual([
      { type: "thinking", thinking: "plan", signature: "sig" },
      { type: "text", text: "Let me look." },
      { type: "tool_use", id: "functions_Bash_0", name: "bash", input: { command: "ls -la" } },
      { type: "text", text: "Running it." },
      { type: "tool_use", id: "toolu_1", name: "read", input: { path: "/tmp/__proto__" } },
    ]);
    expect(message.stop_reason).toBe("tool_use");
  });
});
