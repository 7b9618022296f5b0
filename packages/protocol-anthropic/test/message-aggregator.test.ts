import type { StreamEvent } from "@sluice/events";
import { buildStreamEvents } from "@sluice/events/testkit";
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { createMessageAggregator, MessageSchema, StreamGrammarError } from "../src";
import { THINKING_TEXT_TOOLS } from "./event-sequences";

function aggregate(events: readonly StreamEvent[]) {
  const aggregator = createMessageAggregator();
  for (const event of events) aggregator.push(event);
  return aggregator;
}

/** Pushes every event; the earlier ones are accepted and the last one throws a grammar error. */
function expectViolation(events: readonly StreamEvent[], pattern: RegExp) {
  const aggregator = createMessageAggregator();
  for (const event of events.slice(0, -1)) aggregator.push(event);
  let thrown: unknown;
  try {
    aggregator.push(events.at(-1) as StreamEvent);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(StreamGrammarError);
  expect((thrown as Error).message).toMatch(pattern);
}

const textOnly = buildStreamEvents({
  blocks: [{ type: "text", chunks: ["Hel", "lo"] }],
  stopReason: "end_turn",
});
const [messageStart, textStart, textDelta, , textStop, messageEnd] = textOnly as [
  StreamEvent,
  StreamEvent,
  StreamEvent,
  StreamEvent,
  StreamEvent,
  StreamEvent,
];

describe("createMessageAggregator: folding (docs/architecture.md I6)", () => {
  it("folds thinking + signature, text and two tool_use blocks into the non-streaming message", () => {
    const message = aggregate(buildStreamEvents(THINKING_TEXT_TOOLS)).message();
    expect(message).toEqual({
      id: "msg_01TestTestTestTestTestTest",
      type: "message",
      role: "assistant",
      model: "qwen3.5",
      content: [
        {
          type: "thinking",
          thinking: "The user wants the weather in two cities.",
          signature: "sig-sluice-1",
        },
        { type: "text", text: "Let me check both." },
        { type: "tool_use", id: "toolu_01A", name: "get_weather", input: { city: "Paris" } },
        {
          type: "tool_use",
          id: "toolu_01B",
          name: "get_weather",
          input: { city: "Zürich", units: ["c", "f"], deep: { a: null } },
        },
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: {
        input_tokens: 1200,
        output_tokens: 96,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    });
    expect(Schema.is(MessageSchema)(message)).toBe(true);
  });

  it("keeps the matched stop sequence", () => {
    const message = aggregate(
      buildStreamEvents({
        blocks: [{ type: "text", chunks: ["1, 2, 3"] }],
        stopReason: "stop_sequence",
        stopSequence: ", 4",
      }),
    ).message();
    expect(message).toMatchObject({ stop_reason: "stop_sequence", stop_sequence: ", 4" });
  });

  it("takes cumulative usage from message-end: output replaces, present input/cache counts replace", () => {
    const withoutInput = aggregate(
      buildStreamEvents({ blocks: [], stopReason: "end_turn", inputTokens: 10, outputTokens: 5 }),
    );
    expect(withoutInput.message().usage).toEqual({
      input_tokens: 10,
      output_tokens: 5,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
    const withInput = aggregate(
      buildStreamEvents({
        blocks: [],
        stopReason: "end_turn",
        inputTokens: 10,
        outputTokens: 5,
        finalUsage: { inputTokens: 30, cachedInputTokens: 70 },
      }),
    );
    expect(withInput.message().usage).toEqual({
      input_tokens: 30,
      output_tokens: 5,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 70,
    });
  });

  it("reads a tool call with no argument deltas as input {}", () => {
    const message = aggregate(
      buildStreamEvents({
        blocks: [
          { type: "tool-call", id: "toolu_a", name: "now", jsonChunks: [] },
          { type: "tool-call", id: "toolu_b", name: "now", jsonChunks: [] },
        ],
        stopReason: "tool_use",
      }),
    ).message();
    expect(message.content).toEqual([
      { type: "tool_use", id: "toolu_a", name: "now", input: {} },
      { type: "tool_use", id: "toolu_b", name: "now", input: {} },
    ]);
  });

  it("folds an empty message", () => {
    expect(aggregate(buildStreamEvents({ blocks: [], stopReason: "end_turn" })).message().content).toEqual(
      [],
    );
  });

  it("records an error event; message() then refuses", () => {
    const aggregator = aggregate([
      messageStart,
      textStart,
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    ]);
    expect(aggregator.error).toEqual({ type: "overloaded_error", message: "Overloaded" });
    expect(() => aggregator.message()).toThrow(/error event \(overloaded_error: Overloaded\)/);
    expect(() => aggregator.push(textDelta)).toThrow(/after the stream ended with an error event/);
  });

  it("returns a message that later pushes cannot change", () => {
    const aggregator = aggregate(textOnly);
    const message = aggregator.message();
    expect(() => aggregator.push(textDelta)).toThrow(StreamGrammarError);
    expect(message.content).toEqual([{ type: "text", text: "Hello" }]);
  });
});

describe("createMessageAggregator: grammar (docs/architecture.md I1, I2)", () => {
  it("rejects events before message-start", () => {
    expectViolation([textStart], /block-start before message-start/);
    expectViolation([textDelta], /before message-start/);
    expectViolation([messageEnd], /message-end before message-start/);
  });

  it("rejects a second message-start (litellm#32357)", () => {
    expectViolation([messageStart, textStart, messageStart], /a second message-start/);
  });

  it("rejects a delta to a closed block (litellm#13373)", () => {
    expectViolation(
      [messageStart, textStart, textDelta, textStop, textDelta],
      /index 0, but no block is open/,
    );
  });

  it("rejects a delta or a stop for another index than the open block", () => {
    expectViolation(
      [messageStart, textStart, { type: "block-delta", index: 1, kind: "text", text: "x" }],
      /index 1, but block 0 is open/,
    );
    expectViolation([messageStart, textStart, { type: "block-stop", index: 1 }], /block 0 is open/);
  });

  it("rejects an index gap, a repeated index and a start while a block is open", () => {
    const startAt = (index: number): StreamEvent => ({ type: "block-start", index, kind: "text" });
    expectViolation([messageStart, startAt(1)], /index 1, expected 0/);
    expectViolation([messageStart, startAt(0), textStop, startAt(2)], /index 2, expected 1/);
    expectViolation([messageStart, startAt(0), textStop, startAt(0)], /index 0, expected 1/);
    expectViolation([messageStart, startAt(0), startAt(1)], /while block 0 is open/);
  });

  it("rejects a thinking delta into a text block (litellm#33224) and every other mismatched delta", () => {
    const delta = (kind: "text" | "thinking" | "arguments" | "signature"): StreamEvent => ({
      type: "block-delta",
      index: 0,
      kind,
      text: "x",
    });
    const thinkingStart: StreamEvent = { type: "block-start", index: 0, kind: "thinking" };
    const toolStart: StreamEvent = {
      type: "block-start",
      index: 0,
      kind: "tool-call",
      id: "toolu_1",
      name: "f",
    };
    expectViolation([messageStart, textStart, delta("thinking")], /thinking delta into a text block/);
    expectViolation([messageStart, textStart, delta("signature")], /into a text block/);
    expectViolation([messageStart, textStart, delta("arguments")], /into a text block/);
    expectViolation([messageStart, thinkingStart, delta("text")], /text delta into a thinking block/);
    expectViolation([messageStart, toolStart, delta("text")], /text delta into a tool-call block/);
    expectViolation([messageStart, toolStart, delta("thinking")], /into a tool-call block/);
  });

  it("rejects a missing message-end, at message()", () => {
    const aggregator = aggregate(textOnly.slice(0, -1));
    expect(() => aggregator.message()).toThrow(/has not ended with message-end/);
    expect(() => createMessageAggregator().message()).toThrow(/has not ended with message-end/);
  });

  it("rejects message-end with an open block", () => {
    expectViolation([messageStart, textStart, messageEnd], /message-end while block 0 is open/);
  });

  it("leaves out a tool call the token limit cut (open at message-end: max_tokens), and only that", () => {
    const toolStart: StreamEvent = {
      type: "block-start",
      index: 1,
      kind: "tool-call",
      id: "toolu_1",
      name: "Write",
    };
    const half: StreamEvent = {
      type: "block-delta",
      index: 1,
      kind: "arguments",
      text: '{"content": "half a fi',
    };
    const maxTokens: StreamEvent = {
      type: "message-end",
      stopReason: "max_tokens",
      stopSequence: null,
      usage: { outputTokens: 9 },
    };
    const message = aggregate([
      messageStart,
      textStart,
      textDelta,
      textStop,
      toolStart,
      half,
      maxTokens,
    ]).message();
    expect(message.stop_reason).toBe("max_tokens");
    expect(message.content).toEqual([{ type: "text", text: "Hel" }]);
    // Any other stop reason with a block still open is a grammar error.
    expectViolation(
      [messageStart, textStart, textDelta, textStop, toolStart, half, messageEnd],
      /message-end while block 1 is open/,
    );
  });

  it("rejects anything after message-end", () => {
    expectViolation(
      [messageStart, messageEnd, messageEnd],
      /message-end after the stream ended with message-end/,
    );
    expectViolation([...textOnly, textStart], /block-start after the stream ended with message-end/);
  });

  it("rejects tool input that is not one JSON object (I2), at block-stop", () => {
    const toolEvents = (jsonChunks: string[]) =>
      buildStreamEvents({
        blocks: [{ type: "tool-call", id: "toolu_x", name: "f", jsonChunks }],
        stopReason: "tool_use",
      }).slice(0, -1);
    expectViolation(toolEvents(['{"a": 1']), /toolu_x: its arguments do not concatenate to JSON/);
    expectViolation(toolEvents(['{"a": 1}{"b": 2}']), /do not concatenate to JSON/);
    expectViolation(toolEvents(["[1, 2]"]), /toolu_x: its arguments are not a JSON object/);
    expectViolation(toolEvents(["null"]), /are not a JSON object/);
    expectViolation(toolEvents(['"text"']), /are not a JSON object/);
  });

  it("rejects tool ids that are malformed or repeated (I2)", () => {
    const toolStart = (index: number, id: string): StreamEvent => ({
      type: "block-start",
      index,
      kind: "tool-call",
      id,
      name: "f",
    });
    expectViolation([messageStart, toolStart(0, "functions.Bash:0")], /is not \^\[a-zA-Z0-9_-\]\+\$/);
    expectViolation([messageStart, toolStart(0, "")], /is not/);
    expectViolation(
      [messageStart, toolStart(0, "toolu_1"), { type: "block-stop", index: 0 }, toolStart(1, "toolu_1")],
      /toolu_1 is used twice/,
    );
  });
});
