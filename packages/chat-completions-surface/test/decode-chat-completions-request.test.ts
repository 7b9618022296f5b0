import { describe, expect, it } from "vitest";
import { decodeChatCompletionsRequest } from "../src";

const base = { model: "qwen3", messages: [{ role: "user", content: "hi" }] };

function messageOf(body: unknown): string {
  const result = decodeChatCompletionsRequest(body);
  if (result.ok) throw new Error(`expected a failure for ${JSON.stringify(body)}`);
  return result.message;
}

describe("decodeChatCompletionsRequest", () => {
  it("accepts a full request and returns the body itself, unknown fields included", () => {
    const body = {
      ...base,
      stream: true,
      stream_options: { include_usage: true, continuous_usage_stats: true },
      tools: [
        {
          type: "function",
          function: { name: "Bash", description: "Run", parameters: { type: "object" }, strict: false },
        },
        { type: "web_search" },
      ],
      tool_choice: { type: "function", function: { name: "Bash" } },
      n: 1,
      max_tokens: 100,
      max_completion_tokens: 200,
      stop: ["###"],
      parallel_tool_calls: false,
      reasoning_effort: "high",
      temperature: 0.2,
      chat_template_kwargs: { enable_thinking: true },
    };
    const result = decodeChatCompletionsRequest(body);
    expect(result).toEqual({ ok: true, request: body });
    expect(result.ok && result.request).toBe(body);
    // The gateway reads it as a plain record when it forwards the fields it does not own.
    if (!result.ok) return;
    const record: Readonly<Record<string, unknown>> = result.request;
    expect(record.chat_template_kwargs).toEqual({ enable_thinking: true });
  });

  it("accepts null for the optional fields (clients send explicit nulls)", () => {
    const body = {
      ...base,
      stream: null,
      stop: null,
      tools: null,
      n: null,
      max_tokens: null,
      tool_choice: null,
    };
    expect(decodeChatCompletionsRequest(body).ok).toBe(true);
  });

  it("keeps an own __proto__ key as sent", () => {
    const body = JSON.parse('{"model":"m","messages":[],"__proto__":{"polluted":true}}');
    const result = decodeChatCompletionsRequest(body);
    expect(result.ok && Object.getOwnPropertyDescriptor(result.request, "__proto__")?.value).toEqual({
      polluted: true,
    });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it.each([
    [null, "body: Expected a JSON object, received null"],
    [{ messages: [] }, "model: Required field is missing"],
    [{ model: "m" }, "messages: Required field is missing"],
    [{ model: 7, messages: [] }, "model: Expected a string, received 7"],
    [{ model: "m", messages: [{ content: "x" }] }, "messages.0.role: Required field is missing"],
    [{ ...base, stream: "yes" }, 'stream: Expected a boolean, received "yes"'],
    [
      { ...base, stream_options: { include_usage: 1 } },
      "stream_options.include_usage: Expected a boolean, received 1",
    ],
    [{ ...base, stream_options: 5 }, "stream_options: Expected an object, received 5"],
    [
      { ...base, tools: [{ type: "function", function: { name: 5 } }] },
      "tools.0.function.name: Expected a string, received 5",
    ],
    [{ ...base, tools: [{ type: "function" }] }, "tools.0.function: Required field is missing"],
    [{ ...base, tools: [{ name: "x" }] }, "tools.0.type: Required field is missing"],
    // effect's own literal message ("Expected \"function\", actual 5") loses its ", actual …": `received` says it.
    [{ ...base, tools: [{ type: 5 }] }, 'tools.0.type: Expected "function" or a string, received 5'],
    [
      { ...base, tool_choice: 3 },
      "tool_choice: Expected a string or an object with a string `type`, received 3",
    ],
    [{ ...base, stop: 3 }, "stop: Expected a string or an array of strings, received 3"],
    [{ ...base, stop: ["a", 3] }, "stop.1: Expected a string, received 3"],
    [{ ...base, max_tokens: "9" }, 'max_tokens: Expected a number, received "9"'],
    [{ ...base, max_completion_tokens: [] }, "max_completion_tokens: Expected a number, received []"],
    [{ ...base, parallel_tool_calls: "no" }, 'parallel_tool_calls: Expected a boolean, received "no"'],
    [{ ...base, reasoning_effort: 2 }, "reasoning_effort: Expected a string, received 2"],
    [{ ...base, n: "2" }, 'n: Expected a number, received "2"'],
  ])("rejects %j naming the field", (body, message) => {
    expect(messageOf(body)).toBe(message);
  });

  it("serves only n=1", () => {
    expect(messageOf({ ...base, n: 2 })).toBe("n: only n=1 is served (one choice per request), received 2");
    expect(decodeChatCompletionsRequest({ ...base, n: 1 }).ok).toBe(true);
  });
});
