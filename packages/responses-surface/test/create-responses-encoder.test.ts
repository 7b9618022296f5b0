import type { MessageStreamEvent } from "@sluice/protocol-anthropic";
import { describe, expect, it } from "vitest";
import {
  createResponseAggregator,
  createResponsesEncoder,
  decodeResponsesRequest,
  formatResponsesSse,
  type ResponseStreamEvent,
  type ResponsesRequest,
} from "../src";

const start: MessageStreamEvent = {
  type: "message_start",
  message: {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-sonnet-4-5",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: {
      input_tokens: 100,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    },
  },
};

const thinking: MessageStreamEvent[] = [
  { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Hmm." } },
  { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sluice" } },
  { type: "content_block_stop", index: 0 },
];

const end = (stopReason: "end_turn" | "max_tokens" | "refusal"): MessageStreamEvent[] => [
  {
    type: "message_delta",
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: 20, input_tokens: 80, cache_read_input_tokens: 20 },
  },
  { type: "message_stop" },
];

function request(body: Record<string, unknown>): ResponsesRequest {
  const result = decodeResponsesRequest({ model: "m", input: "hi", ...body });
  if (!result.ok) throw new Error(result.message);
  return result.request;
}

function encodeAll(events: readonly MessageStreamEvent[], body: Record<string, unknown> = {}) {
  const encoder = createResponsesEncoder({ id: "resp_1", model: "m", createdAt: 5, request: request(body) });
  return events.flatMap((event) => encoder.encode(event));
}

function last(events: ResponseStreamEvent[]) {
  const event = events[events.length - 1];
  if (event === undefined || !("response" in event)) throw new Error("no final response");
  return event.response;
}

describe("createResponsesEncoder", () => {
  it("echoes the request and reports usage the OpenAI way (cached tokens counted in input_tokens)", () => {
    const events = encodeAll([start, ...thinking, ...end("end_turn")], {
      instructions: "Be brief.",
      tools: [{ type: "function", name: "f", parameters: { type: "object" } }],
      tool_choice: "required",
      parallel_tool_calls: false,
      reasoning: { effort: "low", summary: "auto" },
      max_output_tokens: 64,
    });
    expect(events.map((event) => event.type)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.reasoning_text.delta",
      "response.reasoning_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    const response = last(events);
    expect(response).toMatchObject({
      id: "resp_1",
      created_at: 5,
      status: "completed",
      instructions: "Be brief.",
      tools: [{ type: "function", name: "f", parameters: { type: "object" } }],
      tool_choice: "required",
      parallel_tool_calls: false,
      reasoning: { effort: "low", summary: "auto" },
      max_output_tokens: 64,
      store: false,
      usage: {
        input_tokens: 100,
        input_tokens_details: { cached_tokens: 20, cache_write_tokens: 0 },
        output_tokens: 20,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 120,
      },
    });
    // No `include: ["reasoning.encrypted_content"]`, no envelope.
    expect(response.output).toEqual([
      {
        type: "reasoning",
        id: "rs_1_0",
        summary: [],
        content: [{ type: "reasoning_text", text: "Hmm." }],
        status: "completed",
      },
    ]);
  });

  it("ends in response.incomplete for max_tokens and refusal", () => {
    expect(last(encodeAll([start, ...end("max_tokens")]))).toMatchObject({
      status: "incomplete",
      incomplete_details: { reason: "max_output_tokens" },
    });
    expect(last(encodeAll([start, ...end("refusal")]))).toMatchObject({
      status: "incomplete",
      incomplete_details: { reason: "content_filter" },
    });
    expect(
      encodeAll([start, ...end("max_tokens")])
        .map((event) => event.type)
        .pop(),
    ).toBe("response.incomplete");
  });

  it("turns an error into `error` + `response.failed`, keeps the cut item as incomplete, and then stops", () => {
    const events = encodeAll([
      start,
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Half" } },
      { type: "error", error: { type: "rate_limit_error", message: "slow down" } },
      { type: "message_stop" },
    ]);
    expect(events.slice(-2)).toEqual([
      {
        type: "error",
        code: "rate_limit_exceeded",
        message: "slow down",
        param: null,
        error: { type: "requests", code: "rate_limit_exceeded", message: "slow down", param: null },
        sequence_number: 5,
      },
      expect.objectContaining({ type: "response.failed", sequence_number: 6 }),
    ]);
    expect(last(events)).toMatchObject({
      status: "failed",
      error: { code: "rate_limit_exceeded", message: "slow down" },
      output: [
        {
          type: "message",
          id: "msg_1_0",
          status: "incomplete",
          content: [{ type: "output_text", text: "Half", annotations: [], logprobs: [] }],
        },
      ],
    });
  });

  it("writes each event as `event: TYPE` + `data: JSON`", () => {
    const [created] = encodeAll([start]);
    if (created === undefined) throw new Error("no event");
    expect(formatResponsesSse(created)).toBe(`event: response.created\ndata: ${JSON.stringify(created)}\n\n`);
  });
});

describe("createResponseAggregator", () => {
  it("has no response before the stream ends, then the one response.completed carries", () => {
    const options = { id: "resp_1", model: "m", createdAt: 5 };
    const aggregator = createResponseAggregator(options);
    aggregator.push(start);
    expect(() => aggregator.response()).toThrow();
    for (const event of [...thinking, ...end("end_turn")]) aggregator.push(event);
    const encoder = createResponsesEncoder(options);
    expect(aggregator.response()).toEqual(
      last([start, ...thinking, ...end("end_turn")].flatMap((event) => encoder.encode(event))),
    );
    expect(aggregator.error).toBeUndefined();
  });
});
