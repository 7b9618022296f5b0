import type { StreamEvent } from "@sluice/events";
import { describe, expect, it } from "vitest";
import {
  createResponseAggregator,
  createResponsesEncoder,
  decodeResponsesRequest,
  formatResponsesSse,
  type ResponseStreamEvent,
  type ResponsesRequest,
} from "../src";

const start: StreamEvent = {
  type: "message-start",
  id: "msg_1",
  model: "claude-sonnet-4-5",
  inputTokens: 100,
};

const thinking: StreamEvent[] = [
  { type: "block-start", index: 0, kind: "thinking" },
  { type: "block-delta", index: 0, kind: "thinking", text: "Hmm." },
  { type: "block-delta", index: 0, kind: "signature", text: "sluice" },
  { type: "block-stop", index: 0 },
];

const end = (stopReason: "end_turn" | "max_tokens" | "refusal"): StreamEvent[] => [
  {
    type: "message-end",
    stopReason,
    stopSequence: null,
    usage: { outputTokens: 20, inputTokens: 80, cachedInputTokens: 20 },
  },
];

function request(body: Record<string, unknown>): ResponsesRequest {
  const result = decodeResponsesRequest({ model: "m", input: "hi", ...body });
  if (!result.ok) throw new Error(result.message);
  return result.request;
}

function encodeAll(events: readonly StreamEvent[], body: Record<string, unknown> = {}) {
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
      "response.reasoning_summary_part.added",
      "response.reasoning_summary_text.delta",
      "response.reasoning_text.done",
      "response.content_part.done",
      "response.reasoning_summary_text.done",
      "response.reasoning_summary_part.done",
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
        // The answer is reasoning only: all of its output tokens.
        output_tokens_details: { reasoning_tokens: 20 },
        total_tokens: 120,
      },
    });
    // No `include: ["reasoning.encrypted_content"]`, no envelope; `summary: "auto"`, the text as the summary.
    expect(response.output).toEqual([
      {
        type: "reasoning",
        id: "rs_1_0",
        summary: [{ type: "summary_text", text: "Hmm." }],
        content: [{ type: "reasoning_text", text: "Hmm." }],
        status: "completed",
      },
    ]);
  });

  it("reports the reasoning's share of the output tokens, as the share of what the model wrote", () => {
    const text = (index: number, value: string): StreamEvent[] => [
      { type: "block-start", index, kind: "text" },
      { type: "block-delta", index, kind: "text", text: value },
      { type: "block-stop", index },
    ];
    const call: StreamEvent[] = [
      { type: "block-start", index: 2, kind: "tool-call", id: "call_1", name: "f" },
      { type: "block-delta", index: 2, kind: "arguments", text: '{"a":"bc"}' },
      { type: "block-stop", index: 2 },
    ];
    const usageOf = (events: readonly StreamEvent[]) =>
      last(encodeAll([start, ...events, ...end("end_turn")])).usage;
    // 4 characters of reasoning ("Hmm.") of 20 written (4 + "Done." 5 + "f" 1 + 10 of arguments): 20 × 4/20.
    expect(usageOf([...thinking, ...text(1, "Done."), ...call])?.output_tokens_details).toEqual({
      reasoning_tokens: 4,
    });
    expect(usageOf([...text(0, "Done."), ...call])?.output_tokens_details).toEqual({ reasoning_tokens: 0 });
    // A non-streaming answer reports the same: the aggregator folds the same encoder.
    const aggregator = createResponseAggregator({
      id: "resp_1",
      model: "m",
      createdAt: 5,
      request: request({}),
    });
    for (const event of [start, ...thinking, ...text(1, "Done."), ...call, ...end("end_turn")])
      aggregator.push(event);
    expect(aggregator.response().usage?.output_tokens_details).toEqual({ reasoning_tokens: 4 });
  });

  it("streams the reasoning as content and, when a summary is asked for, as the item's one summary part", () => {
    const chunks: StreamEvent[] = [
      { type: "block-start", index: 0, kind: "thinking" },
      { type: "block-delta", index: 0, kind: "thinking", text: "" },
      { type: "block-delta", index: 0, kind: "thinking", text: "Look " },
      { type: "block-delta", index: 0, kind: "thinking", text: "first." },
      { type: "block-stop", index: 0 },
    ];
    const where = { item_id: "rs_1_0", output_index: 0 };
    const events = encodeAll([start, ...chunks, ...end("end_turn")], { reasoning: { summary: "detailed" } });
    const item = {
      type: "reasoning",
      id: "rs_1_0",
      summary: [{ type: "summary_text", text: "Look first." }],
      content: [{ type: "reasoning_text", text: "Look first." }],
      status: "completed",
    };
    expect(events.slice(2, -1)).toEqual([
      {
        type: "response.output_item.added",
        output_index: 0,
        item: { type: "reasoning", id: "rs_1_0", summary: [], content: [], status: "in_progress" },
        sequence_number: 2,
      },
      {
        type: "response.content_part.added",
        ...where,
        content_index: 0,
        part: { type: "reasoning_text", text: "" },
        sequence_number: 3,
      },
      {
        type: "response.reasoning_text.delta",
        ...where,
        content_index: 0,
        delta: "Look ",
        sequence_number: 4,
      },
      // The summary part opens with the first text, so an item without any keeps `summary: []`.
      {
        type: "response.reasoning_summary_part.added",
        ...where,
        summary_index: 0,
        part: { type: "summary_text", text: "" },
        sequence_number: 5,
      },
      {
        type: "response.reasoning_summary_text.delta",
        ...where,
        summary_index: 0,
        delta: "Look ",
        sequence_number: 6,
      },
      {
        type: "response.reasoning_text.delta",
        ...where,
        content_index: 0,
        delta: "first.",
        sequence_number: 7,
      },
      {
        type: "response.reasoning_summary_text.delta",
        ...where,
        summary_index: 0,
        delta: "first.",
        sequence_number: 8,
      },
      {
        type: "response.reasoning_text.done",
        ...where,
        content_index: 0,
        text: "Look first.",
        sequence_number: 9,
      },
      {
        type: "response.content_part.done",
        ...where,
        content_index: 0,
        part: { type: "reasoning_text", text: "Look first." },
        sequence_number: 10,
      },
      {
        type: "response.reasoning_summary_text.done",
        ...where,
        summary_index: 0,
        text: "Look first.",
        sequence_number: 11,
      },
      {
        type: "response.reasoning_summary_part.done",
        ...where,
        summary_index: 0,
        part: { type: "summary_text", text: "Look first." },
        sequence_number: 12,
      },
      { type: "response.output_item.done", output_index: 0, item, sequence_number: 13 },
    ]);
    expect(last(events).output).toEqual([item]);
  });

  it('leaves the summary out without a summary request (absent, null or "none") and for an empty item', () => {
    const contentOnly = [
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.reasoning_text.delta",
      "response.reasoning_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ];
    for (const body of [
      {},
      { reasoning: { effort: "low" } },
      { reasoning: { summary: null } },
      { reasoning: { summary: "none" } },
    ]) {
      const events = encodeAll([start, ...thinking, ...end("end_turn")], body);
      expect(events.map((event) => event.type)).toEqual(contentOnly);
      expect(last(events).output).toMatchObject([{ type: "reasoning", summary: [] }]);
    }
    const empty = encodeAll(
      [
        start,
        { type: "block-start", index: 0, kind: "thinking" },
        { type: "block-stop", index: 0 },
        ...end("end_turn"),
      ],
      { reasoning: { summary: "auto" } },
    );
    expect(empty.some((event) => event.type.startsWith("response.reasoning_summary"))).toBe(false);
    expect(last(empty).output).toEqual([
      {
        type: "reasoning",
        id: "rs_1_0",
        summary: [],
        content: [{ type: "reasoning_text", text: "" }],
        status: "completed",
      },
    ]);
  });

  it("keeps the summary so far on a reasoning item an error cut", () => {
    const events = encodeAll(
      [
        start,
        ...thinking.slice(0, 2),
        { type: "error", error: { type: "api_error", message: "upstream went away" } },
      ],
      { reasoning: { summary: "auto" }, include: ["reasoning.encrypted_content"] },
    );
    expect(last(events)).toMatchObject({
      status: "failed",
      output: [
        {
          type: "reasoning",
          summary: [{ type: "summary_text", text: "Hmm." }],
          content: [{ type: "reasoning_text", text: "Hmm." }],
          status: "incomplete",
        },
      ],
    });
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
      { type: "block-start", index: 0, kind: "text" },
      { type: "block-delta", index: 0, kind: "text", text: "Half" },
      { type: "error", error: { type: "rate_limit_error", message: "slow down" } },
      { type: "message-end", stopReason: "end_turn", stopSequence: null, usage: { outputTokens: 1 } },
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

  it("gives the same summary as the stream when the request asks for one", () => {
    const options = {
      id: "resp_1",
      model: "m",
      createdAt: 5,
      request: request({ reasoning: { summary: "auto" } }),
    };
    const aggregator = createResponseAggregator(options);
    const events = [start, ...thinking, ...end("end_turn")];
    for (const event of events) aggregator.push(event);
    const encoder = createResponsesEncoder(options);
    expect(aggregator.response()).toEqual(last(events.flatMap((event) => encoder.encode(event))));
    expect(aggregator.response().output).toMatchObject([
      { type: "reasoning", summary: [{ type: "summary_text", text: "Hmm." }] },
    ]);
  });
});
