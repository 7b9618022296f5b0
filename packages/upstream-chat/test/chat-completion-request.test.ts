import { Either, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { ChatCompletion, ChatCompletionChunk, ChatCompletionRequest } from "../src";

const decodeRequest = Schema.decodeUnknownEither(ChatCompletionRequest);

const request = {
  model: "Qwen/Qwen3-32B",
  messages: [
    { role: "system", content: "You are terse." },
    {
      role: "user",
      content: [
        { type: "text", text: "What is in this image?" },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
      ],
    },
    {
      role: "assistant",
      content: null,
      reasoning: "Look first.",
      tool_calls: [{ id: "toolu_01", type: "function", function: { name: "look", arguments: '{"zoom":2}' } }],
    },
    { role: "tool", tool_call_id: "toolu_01", content: "a cat" },
    { role: "assistant", content: "A cat.", reasoning_content: "Done." },
  ],
  tools: [
    {
      type: "function",
      function: {
        name: "look",
        description: "Looks.",
        parameters: { type: "object", properties: { zoom: { type: "integer" } } },
      },
    },
  ],
  tool_choice: { type: "function", function: { name: "look" } },
  parallel_tool_calls: false,
  stop: ["Observation:"],
  max_tokens: 1024,
  temperature: 0.6,
  top_p: 0.95,
  top_k: 20,
  user: "user-1",
  stream: true,
  stream_options: { include_usage: true, continuous_usage_stats: false },
  chat_template_kwargs: { enable_thinking: true },
};

describe("ChatCompletionRequest", () => {
  it("decodes what the gateway sends upstream", () => {
    const decoded = decodeRequest(request);
    expect(Either.isRight(decoded)).toBe(true);
    if (Either.isRight(decoded)) expect(decoded.right).toEqual(request);
  });

  it("ignores unknown fields (lenient) and accepts `stop` as one string and string tool_choice", () => {
    const decoded = decodeRequest({
      ...request,
      stop: "END",
      tool_choice: "required",
      seed: 7,
      response_format: {},
    });
    expect(Either.isRight(decoded) && decoded.right).toMatchObject({ stop: "END", tool_choice: "required" });
    expect(Either.isRight(decoded) && "seed" in decoded.right).toBe(false);
  });

  it("rejects what no server accepts, naming the path", () => {
    const badRole = decodeRequest({ ...request, messages: [{ role: "robot", content: "hi" }] });
    expect(Either.isLeft(badRole)).toBe(true);
    const noToolCallId = decodeRequest({ ...request, messages: [{ role: "tool", content: "x" }] });
    expect(Either.isLeft(noToolCallId)).toBe(true);
    const fractional = decodeRequest({ ...request, max_tokens: 10.5 });
    expect(Either.isLeft(fractional)).toBe(true);
    const imageInSystem = decodeRequest({
      ...request,
      messages: [{ role: "system", content: [{ type: "image_url", image_url: { url: "x" } }] }],
    });
    expect(Either.isLeft(imageInSystem)).toBe(true);
  });
});

describe("ChatCompletionChunk and ChatCompletion", () => {
  it("accept nulls where servers send them and ignore unknown fields", () => {
    const chunk = {
      id: "x",
      object: "chat.completion.chunk",
      created: 1,
      model: "m",
      system_fingerprint: null,
      choices: [
        {
          index: 0,
          delta: { role: null, content: null, tool_calls: null },
          logprobs: null,
          finish_reason: null,
          matched_stop: null,
        },
      ],
      usage: null,
    };
    expect(Either.isRight(Schema.decodeUnknownEither(ChatCompletionChunk)(chunk))).toBe(true);
    const completion = {
      choices: [
        { index: 0, message: { content: null, tool_calls: [] }, finish_reason: "stop", stop_reason: 7 },
      ],
    };
    expect(Either.isRight(Schema.decodeUnknownEither(ChatCompletion)(completion))).toBe(true);
  });

  it("require choices on a whole completion", () => {
    expect(Either.isLeft(Schema.decodeUnknownEither(ChatCompletion)({ id: "x" }))).toBe(true);
  });
});
