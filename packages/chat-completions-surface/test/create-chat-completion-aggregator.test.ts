import { describe, expect, it } from "vitest";
import { createChatChunkEncoder, createChatCompletionAggregator } from "../src";
import { messageEvents } from "./events";

const identity = { id: "chatcmpl-1", model: "qwen3", created: 1_700_000_000 };

function fold(events: ReturnType<typeof messageEvents>) {
  const aggregator = createChatCompletionAggregator(identity);
  for (const event of events) aggregator.push(event);
  return aggregator;
}

describe("createChatCompletionAggregator", () => {
  it("folds reasoning, text and calls into one chat.completion", () => {
    const completion = fold(
      messageEvents(
        [
          { type: "thinking", thinking: ["Think", "ing."] },
          { type: "text", text: ["Checking."] },
          { type: "tool_use", id: "toolu_a", name: "Read", json: ['{"path":', '"/a"}'] },
          { type: "text", text: ["I read it."] },
        ],
        "tool_use",
        { input: 3, output: 5 },
      ),
    ).completion();
    expect(completion).toEqual({
      ...identity,
      object: "chat.completion",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            // Joined with nothing, exactly as a streaming client appends the content deltas.
            content: "Checking.I read it.",
            reasoning_content: "Thinking.",
            refusal: null,
            tool_calls: [
              { id: "toolu_a", type: "function", function: { name: "Read", arguments: '{"path":"/a"}' } },
            ],
          },
          logprobs: null,
          finish_reason: "tool_calls",
        },
      ],
      usage: {
        prompt_tokens: 3,
        completion_tokens: 5,
        total_tokens: 8,
        prompt_tokens_details: { cached_tokens: 0 },
      },
    });
  });

  it("joins text blocks the way the streamed content concatenates", () => {
    const events = messageEvents(
      [
        { type: "text", text: ["Checking."] },
        { type: "tool_use", id: "toolu_a", name: "Read", json: ["{}"] },
        { type: "text", text: ["Done."] },
      ],
      "tool_use",
    );
    const encoder = createChatChunkEncoder({ ...identity, includeUsage: false });
    let streamed = "";
    for (const event of events)
      for (const chunk of encoder.encode(event))
        if ("choices" in chunk) streamed += chunk.choices[0]?.delta.content ?? "";
    expect(fold(events).completion().choices[0].message.content).toBe(streamed);
  });

  it("says content null for a turn of calls alone, and leaves reasoning_content and tool_calls out when absent", () => {
    const onlyCalls = fold(
      messageEvents([{ type: "tool_use", id: "toolu_a", name: "Read", json: ["{}"] }], "tool_use"),
    ).completion().choices[0].message;
    expect(onlyCalls.content).toBeNull();
    expect("reasoning_content" in onlyCalls).toBe(false);

    const empty = fold(messageEvents([], "end_turn")).completion().choices[0];
    expect(empty.message).toEqual({ role: "assistant", content: "", refusal: null });
    expect(empty.finish_reason).toBe("stop");
  });

  it("says length, not tool_calls, for a call cut by max_tokens", () => {
    const completion = fold(
      messageEvents([{ type: "tool_use", id: "toolu_a", name: "Write", json: ['{"a":"b"}'] }], "max_tokens"),
    ).completion();
    expect(completion.choices[0].finish_reason).toBe("length");
  });

  it("reports an error event and refuses to make a completion", () => {
    const aggregator = fold([
      ...messageEvents([], "end_turn").slice(0, 1),
      { type: "error", error: { type: "rate_limit_error", message: "Slow down" } },
    ]);
    expect(aggregator.error).toEqual({ type: "rate_limit_error", message: "Slow down" });
    expect(() => aggregator.completion()).toThrow("rate_limit_error: Slow down");
  });

  it("refuses a completion before message-end", () => {
    expect(() => fold(messageEvents([], "end_turn").slice(0, -1)).completion()).toThrow("message-end");
  });
});
