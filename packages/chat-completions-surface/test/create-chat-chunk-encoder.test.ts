import type { StreamEvent } from "@sluice/events";
import { describe, expect, it } from "vitest";
import { CHAT_SSE_DONE, chatFinishReason, createChatChunkEncoder, formatChatSse } from "../src";
import { messageEvents } from "./events";

const identity = { id: "chatcmpl-1", model: "qwen3", created: 1_700_000_000 };
const head = { ...identity, object: "chat.completion.chunk" };

function encodeAll(events: StreamEvent[], includeUsage: boolean, requestId?: string) {
  const encoder = createChatChunkEncoder({
    ...identity,
    includeUsage,
    ...(requestId === undefined ? {} : { requestId }),
  });
  return events.flatMap((event) => encoder.encode(event));
}

const choice = (delta: object, finish_reason: string | null = null) => ({
  index: 0,
  delta,
  logprobs: null,
  finish_reason,
});

describe("createChatChunkEncoder", () => {
  const events = messageEvents(
    [
      { type: "thinking", thinking: ["Let me ", "look."] },
      { type: "text", text: ["Checking", ""] },
      { type: "tool_use", id: "toolu_a", name: "Read", json: ['{"path":', '"/a"}'] },
      { type: "tool_use", id: "call_b", name: "List", json: ["{}"] },
    ],
    "tool_use",
    { input: 10, output: 7, cacheRead: 4 },
  );

  it("maps every event, with usage: null on each chunk and the counts last", () => {
    expect(encodeAll(events, true)).toEqual([
      { ...head, choices: [choice({ role: "assistant", content: "" })], usage: null },
      { ...head, choices: [choice({ reasoning_content: "Let me " })], usage: null },
      { ...head, choices: [choice({ reasoning_content: "look." })], usage: null },
      { ...head, choices: [choice({ content: "Checking" })], usage: null },
      {
        ...head,
        choices: [
          choice({
            tool_calls: [
              { index: 0, id: "toolu_a", type: "function", function: { name: "Read", arguments: "" } },
            ],
          }),
        ],
        usage: null,
      },
      {
        ...head,
        choices: [choice({ tool_calls: [{ index: 0, function: { arguments: '{"path":' } }] })],
        usage: null,
      },
      {
        ...head,
        choices: [choice({ tool_calls: [{ index: 0, function: { arguments: '"/a"}' } }] })],
        usage: null,
      },
      {
        ...head,
        choices: [
          choice({
            tool_calls: [
              { index: 1, id: "call_b", type: "function", function: { name: "List", arguments: "" } },
            ],
          }),
        ],
        usage: null,
      },
      {
        ...head,
        choices: [choice({ tool_calls: [{ index: 1, function: { arguments: "{}" } }] })],
        usage: null,
      },
      { ...head, choices: [choice({}, "tool_calls")], usage: null },
      {
        ...head,
        choices: [],
        usage: {
          prompt_tokens: 14,
          completion_tokens: 7,
          total_tokens: 21,
          prompt_tokens_details: { cached_tokens: 4 },
        },
      },
    ]);
  });

  it("without include_usage writes no usage field and no usage chunk", () => {
    const chunks = encodeAll(events, false);
    expect(chunks).toHaveLength(10);
    expect(chunks.every((chunk) => !("usage" in chunk))).toBe(true);
    expect(chunks.at(-1)).toEqual({ ...head, choices: [choice({}, "tool_calls")] });
  });

  it("turns an error event into an OpenAI error chunk", () => {
    const start = messageEvents([], "end_turn").slice(0, 1);
    const chunks = encodeAll(
      [...start, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }],
      true,
      "req_9",
    );
    expect(chunks.at(-1)).toEqual({
      error: {
        message: "Overloaded (request ID: req_9)",
        type: "service_unavailable_error",
        param: null,
        code: "server_is_overloaded",
      },
    });
    expect(formatChatSse(chunks.at(-1)!) + CHAT_SSE_DONE).toBe(
      `data: ${JSON.stringify(chunks.at(-1))}\n\ndata: [DONE]\n\n`,
    );
  });

  it.each([
    ["end_turn", false, "stop"],
    ["stop_sequence", false, "stop"],
    ["max_tokens", false, "length"],
    ["max_tokens", true, "length"],
    ["tool_use", true, "tool_calls"],
    ["end_turn", true, "tool_calls"],
    ["refusal", false, "content_filter"],
  ] as const)("%s with a call emitted: %s → finish_reason %s", (stopReason, emitted, finishReason) => {
    expect(chatFinishReason(stopReason, emitted)).toBe(finishReason);
  });
});
