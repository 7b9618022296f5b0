import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { createMessageAggregator, MessageSchema, type MessageStreamEvent, StreamGrammarError } from "../src";
import { buildEvents } from "../src/testkit";
import { THINKING_TEXT_TOOLS } from "./event-sequences";

function aggregate(events: readonly MessageStreamEvent[]) {
  const aggregator = createMessageAggregator();
  for (const event of events) aggregator.push(event);
  return aggregator;
}

/** Pushes every event; the earlier ones are accepted and the last one throws a grammar error. */
function expectViolation(events: readonly MessageStreamEvent[], pattern: RegExp) {
  const aggregator = createMessageAggregator();
  for (const event of events.slice(0, -1)) aggregator.push(event);
  let thrown: unknown;
  try {
    aggregator.push(events.at(-1) as MessageStreamEvent);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(StreamGrammarError);
  expect((thrown as Error).message).toMatch(pattern);
}

const textOnly = buildEvents({ blocks: [{ type: "text", chunks: ["Hel", "lo"] }], stopReason: "end_turn" });
const [messageStart, ping, textStart, textDelta, , textStop, messageDelta, messageStop] = textOnly as [
  MessageStreamEvent,
  MessageStreamEvent,
  MessageStreamEvent,
  MessageStreamEvent,
  MessageStreamEvent,
  MessageStreamEvent,
  MessageStreamEvent,
  MessageStreamEvent,
];

describe("createMessageAggregator: folding (docs/architecture.md I6)", () => {
  it("folds thinking + signature, text and two tool_use blocks into the non-streaming message", () => {
    const message = aggregate(buildEvents(THINKING_TEXT_TOOLS)).message();
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
      buildEvents({
        blocks: [{ type: "text", chunks: ["1, 2, 3"] }],
        stopReason: "stop_sequence",
        stopSequence: ", 4",
      }),
    ).message();
    expect(message).toMatchObject({ stop_reason: "stop_sequence", stop_sequence: ", 4" });
  });

  it("takes cumulative usage from message_delta: output replaces, present input/cache counts replace", () => {
    const withoutInput = aggregate(
      buildEvents({ blocks: [], stopReason: "end_turn", inputTokens: 10, outputTokens: 5 }),
    );
    expect(withoutInput.message().usage).toEqual({
      input_tokens: 10,
      output_tokens: 5,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
    const withInput = aggregate(
      buildEvents({
        blocks: [],
        stopReason: "end_turn",
        inputTokens: 10,
        outputTokens: 5,
        finalUsage: { input_tokens: 30, cache_read_input_tokens: 70 },
      }),
    );
    expect(withInput.message().usage).toEqual({
      input_tokens: 30,
      output_tokens: 5,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 70,
    });
  });

  it("reads a tool_use with no deltas, or only empty ones, as input {}", () => {
    const message = aggregate(
      buildEvents({
        blocks: [
          { type: "tool_use", id: "toolu_a", name: "now", jsonChunks: [] },
          { type: "tool_use", id: "toolu_b", name: "now", jsonChunks: ["", ""] },
        ],
        stopReason: "tool_use",
      }),
    ).message();
    expect(message.content).toEqual([
      { type: "tool_use", id: "toolu_a", name: "now", input: {} },
      { type: "tool_use", id: "toolu_b", name: "now", input: {} },
    ]);
  });

  it("accepts ping anywhere before the end, and an empty message", () => {
    const events = buildEvents({ blocks: [{ type: "text", chunks: ["a", "b"] }], stopReason: "max_tokens" });
    const withPings = events.flatMap((event, index) =>
      index < events.length - 1 ? [event, { type: "ping" } as const] : [event],
    );
    expect(aggregate(withPings).message().content).toEqual([{ type: "text", text: "ab" }]);
    expect(aggregate(buildEvents({ blocks: [], stopReason: "end_turn" })).message().content).toEqual([]);
  });

  it("records an error event; message() then refuses", () => {
    const aggregator = aggregate([
      messageStart,
      textStart,
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
    ]);
    expect(aggregator.error).toEqual({ type: "overloaded_error", message: "Overloaded" });
    expect(() => aggregator.message()).toThrow(/error event \(overloaded_error: Overloaded\)/);
    expect(() => aggregator.push(ping)).toThrow(/after the stream ended with an error event/);
  });

  it("returns a message that later pushes cannot change", () => {
    const aggregator = aggregate(textOnly);
    const message = aggregator.message();
    expect(() => aggregator.push(textDelta)).toThrow(StreamGrammarError);
    expect(message.content).toEqual([{ type: "text", text: "Hello" }]);
  });
});

describe("createMessageAggregator: grammar (docs/architecture.md I1, I2)", () => {
  it("rejects events before message_start", () => {
    expectViolation([textStart], /content_block_start before message_start/);
    expectViolation([textDelta], /before message_start/);
    expectViolation([messageDelta], /message_delta before message_start/);
    expectViolation([messageStop], /message_stop before message_start/);
  });

  it("rejects a second message_start (litellm#32357)", () => {
    expectViolation([messageStart, textStart, messageStart], /a second message_start/);
  });

  it("rejects a message_start that already has content", () => {
    const withContent = {
      type: "message_start",
      message: { ...(messageStart as { message: object }).message, content: [{ type: "text", text: "x" }] },
    } as MessageStreamEvent;
    expectViolation([withContent], /non-empty content/);
  });

  it("rejects a delta to a closed block (litellm#13373)", () => {
    expectViolation(
      [messageStart, textStart, textDelta, textStop, textDelta],
      /index 0, but no block is open/,
    );
  });

  it("rejects a delta or a stop for another index than the open block", () => {
    expectViolation(
      [
        messageStart,
        textStart,
        { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "x" } },
      ],
      /index 1, but block 0 is open/,
    );
    expectViolation([messageStart, textStart, { type: "content_block_stop", index: 1 }], /block 0 is open/);
  });

  it("rejects an index gap, a repeated index and a start while a block is open", () => {
    const startAt = (index: number): MessageStreamEvent => ({
      type: "content_block_start",
      index,
      content_block: { type: "text", text: "" },
    });
    expectViolation([messageStart, startAt(1)], /index 1, expected 0/);
    expectViolation([messageStart, startAt(0), textStop, startAt(2)], /index 2, expected 1/);
    expectViolation([messageStart, startAt(0), textStop, startAt(0)], /index 0, expected 1/);
    expectViolation([messageStart, startAt(0), startAt(1)], /while block 0 is open/);
  });

  it("rejects a thinking_delta into a text block (litellm#33224) and every other mismatched delta", () => {
    const delta = (type: string, field: string): MessageStreamEvent =>
      ({ type: "content_block_delta", index: 0, delta: { type, [field]: "x" } }) as MessageStreamEvent;
    const thinkingStart: MessageStreamEvent = {
      type: "content_block_start",
      index: 0,
      content_block: { type: "thinking", thinking: "", signature: "" },
    };
    const toolStart: MessageStreamEvent = {
      type: "content_block_start",
      index: 0,
      content_block: { type: "tool_use", id: "toolu_1", name: "f", input: {} },
    };
    expectViolation(
      [messageStart, textStart, delta("thinking_delta", "thinking")],
      /thinking_delta into a text block/,
    );
    expectViolation([messageStart, textStart, delta("signature_delta", "signature")], /into a text block/);
    expectViolation(
      [messageStart, textStart, delta("input_json_delta", "partial_json")],
      /into a text block/,
    );
    expectViolation(
      [messageStart, thinkingStart, delta("text_delta", "text")],
      /text_delta into a thinking block/,
    );
    expectViolation(
      [messageStart, toolStart, delta("text_delta", "text")],
      /text_delta into a tool_use block/,
    );
    expectViolation([messageStart, toolStart, delta("thinking_delta", "thinking")], /into a tool_use block/);
  });

  it("rejects a missing message_stop, at message()", () => {
    const aggregator = aggregate(textOnly.slice(0, -1));
    expect(() => aggregator.message()).toThrow(/has not ended with message_stop/);
    expect(() => createMessageAggregator().message()).toThrow(/has not ended with message_stop/);
  });

  it("rejects message_stop without message_delta, and message_delta with an open block", () => {
    expectViolation([messageStart, textStart, textStop, messageStop], /message_stop before message_delta/);
    expectViolation([messageStart, textStart, messageDelta], /message_delta while block 0 is open/);
  });

  it("leaves out a tool call the token limit cut (open at message_delta: max_tokens), and only that", () => {
    const toolStart: MessageStreamEvent = {
      type: "content_block_start",
      index: 1,
      content_block: { type: "tool_use", id: "toolu_1", name: "Write", input: {} },
    };
    const half: MessageStreamEvent = {
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json: '{"content": "half a fi' },
    };
    const maxTokens: MessageStreamEvent = {
      type: "message_delta",
      delta: { stop_reason: "max_tokens", stop_sequence: null },
      usage: { output_tokens: 9 },
    };
    const message = aggregate([
      messageStart,
      textStart,
      textDelta,
      textStop,
      toolStart,
      half,
      maxTokens,
      messageStop,
    ]).message();
    expect(message.stop_reason).toBe("max_tokens");
    expect(message.content).toEqual([{ type: "text", text: "Hel" }]);
    // Any other stop reason with a block still open is a grammar error.
    expectViolation(
      [messageStart, textStart, textDelta, textStop, toolStart, half, messageDelta],
      /message_delta while block 1 is open/,
    );
  });

  it("rejects a second message_delta, blocks after it, and anything after message_stop", () => {
    expectViolation([messageStart, messageDelta, messageDelta], /message_delta after message_delta/);
    expectViolation([messageStart, messageDelta, textStart], /content_block_start after message_delta/);
    expectViolation([...textOnly, ping], /ping after the stream ended with message_stop/);
  });

  it("rejects a message_delta without stop_reason or without the stop_sequence key (claude-code#16785)", () => {
    const noSequence = {
      type: "message_delta",
      delta: { stop_reason: "end_turn" },
      usage: { output_tokens: 1 },
    };
    const noReason = { type: "message_delta", delta: { stop_sequence: null }, usage: { output_tokens: 1 } };
    expectViolation([messageStart, noSequence as MessageStreamEvent], /without a stop_sequence key/);
    expectViolation([messageStart, noReason as MessageStreamEvent], /without a stop_reason/);
  });

  it("rejects tool input that is not one JSON object (I2), at content_block_stop", () => {
    const toolEvents = (jsonChunks: string[]) =>
      buildEvents({
        blocks: [{ type: "tool_use", id: "toolu_x", name: "f", jsonChunks }],
        stopReason: "tool_use",
      }).slice(0, -2);
    expectViolation(toolEvents(['{"a": 1']), /toolu_x: input_json_delta does not concatenate to JSON/);
    expectViolation(toolEvents(['{"a": 1}{"b": 2}']), /does not concatenate to JSON/);
    expectViolation(toolEvents(["[1, 2]"]), /toolu_x: input is not a JSON object/);
    expectViolation(toolEvents(["null"]), /input is not a JSON object/);
    expectViolation(toolEvents(['"text"']), /input is not a JSON object/);
  });

  it("rejects a tool_use that starts with a non-empty input (envoy ai-gateway#1465)", () => {
    expectViolation(
      [
        messageStart,
        {
          type: "content_block_start",
          index: 0,
          content_block: { type: "tool_use", id: "toolu_1", name: "f", input: { a: 1 } },
        },
      ],
      /starts with a non-empty input/,
    );
  });

  it("rejects tool ids that are malformed or repeated (I2)", () => {
    const toolStart = (index: number, id: string): MessageStreamEvent => ({
      type: "content_block_start",
      index,
      content_block: { type: "tool_use", id, name: "f", input: {} },
    });
    expectViolation([messageStart, toolStart(0, "functions.Bash:0")], /is not \^\[a-zA-Z0-9_-\]\+\$/);
    expectViolation([messageStart, toolStart(0, "")], /is not/);
    expectViolation(
      [
        messageStart,
        toolStart(0, "toolu_1"),
        { type: "content_block_stop", index: 0 },
        toolStart(1, "toolu_1"),
      ],
      /toolu_1 is used twice/,
    );
  });
});
