import { describe, expect, it } from "vitest";
import { translateMessages } from "../../src/translate/translate-messages";
import { decodeRequest } from "./decode-request";

const translate = (messages: unknown[]) => {
  const warnings: string[] = [];
  return {
    messages: translateMessages(decodeRequest({ messages }).messages, "reasoning", warnings),
    warnings,
  };
};

describe("translateMessages: user turns", () => {
  it("keeps string content as is and a lone text block as a string", () => {
    expect(translate([{ role: "user", content: "Hi" }]).messages).toEqual([{ role: "user", content: "Hi" }]);
    expect(translate([{ role: "user", content: [{ type: "text", text: "Hi" }] }]).messages).toEqual([
      { role: "user", content: "Hi" },
    ]);
  });

  it("drops empty text blocks", () => {
    const { messages } = translate([
      {
        role: "user",
        content: [
          { type: "text", text: "" },
          { type: "text", text: "Hi" },
        ],
      },
    ]);
    expect(messages).toEqual([{ role: "user", content: "Hi" }]);
  });

  it("turns base64 and url images into image_url parts", () => {
    const { messages } = translate([
      {
        role: "user",
        content: [
          { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQ" } },
          { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
          { type: "text", text: "What is this?" },
        ],
      },
    ]);
    expect(messages).toEqual([
      {
        role: "user",
        content: [
          { type: "image_url", image_url: { url: "data:image/jpeg;base64,/9j/4AAQ" } },
          { type: "image_url", image_url: { url: "https://example.com/a.png" } },
          { type: "text", text: "What is this?" },
        ],
      },
    ]);
  });

  it("puts one tool message per tool_result before the turn's text, in block order", () => {
    const { messages } = translate([
      {
        role: "user",
        content: [
          { type: "text", text: "Both done." },
          { type: "tool_result", tool_use_id: "toolu_1", content: "one" },
          { type: "tool_result", tool_use_id: "toolu_2", content: [{ type: "text", text: "two" }] },
        ],
      },
    ]);
    expect(messages).toEqual([
      { role: "tool", tool_call_id: "toolu_1", content: "one" },
      { role: "tool", tool_call_id: "toolu_2", content: "two" },
      { role: "user", content: "Both done." },
    ]);
  });

  it("sends a turn of only tool results as tool messages alone", () => {
    const { messages } = translate([
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "ok" }] },
    ]);
    expect(messages).toEqual([{ role: "tool", tool_call_id: "toolu_1", content: "ok" }]);
  });

  it("joins a result's text blocks with a newline; absent content is empty", () => {
    const { messages } = translate([
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "a",
            content: [
              { type: "text", text: "l1" },
              { type: "text", text: "l2" },
            ],
          },
          { type: "tool_result", tool_use_id: "b" },
        ],
      },
    ]);
    expect(messages).toEqual([
      { role: "tool", tool_call_id: "a", content: "l1\nl2" },
      { role: "tool", tool_call_id: "b", content: "" },
    ]);
  });

  it("prefixes an is_error result with Error: ", () => {
    const { messages } = translate([
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "a", is_error: true, content: "command not found" },
          { type: "tool_result", tool_use_id: "b", is_error: false, content: "fine" },
        ],
      },
    ]);
    expect(messages).toEqual([
      { role: "tool", tool_call_id: "a", content: "Error: command not found" },
      { role: "tool", tool_call_id: "b", content: "fine" },
    ]);
  });

  it("moves images inside a result into a following user message", () => {
    const { messages, warnings } = translate([
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "shot",
            content: [
              { type: "text", text: "Screenshot taken" },
              { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
              { type: "tool_reference", tool_name: "x" },
            ],
          },
        ],
      },
    ]);
    expect(messages).toEqual([
      { role: "tool", tool_call_id: "shot", content: "Screenshot taken" },
      { role: "user", content: [{ type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } }] },
    ]);
    expect(warnings).toEqual([
      "messages.0.content.0.content.2: dropped tool_reference block inside tool_result",
    ]);
  });

  it("drops unknown and misplaced blocks with a warning each", () => {
    const { messages, warnings } = translate([
      {
        role: "user",
        content: [
          { type: "document", source: {} },
          { type: "tool_use", id: "t", name: "x", input: {} },
          { type: "brand_new_block" },
          { type: "text", text: "kept" },
        ],
      },
    ]);
    expect(messages).toEqual([{ role: "user", content: "kept" }]);
    expect(warnings).toEqual([
      "messages.0.content.0: dropped document block",
      "messages.0.content.1: dropped tool_use block",
      "messages.0.content.2: dropped brand_new_block block",
    ]);
  });
});

describe("translateMessages: assistant turns", () => {
  it("keeps string content", () => {
    expect(translate([{ role: "assistant", content: "Sure." }]).messages).toEqual([
      { role: "assistant", content: "Sure." },
    ]);
  });

  it("turns tool_use into tool_calls with the same id and JSON arguments; content null when only calls", () => {
    const { messages } = translate([
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "toolu_01", name: "Read", input: { file_path: "a.ts" } },
          { type: "tool_use", id: "__proto__", name: "Glob", input: {} },
        ],
      },
    ]);
    expect(messages).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "toolu_01", type: "function", function: { name: "Read", arguments: '{"file_path":"a.ts"}' } },
          { id: "__proto__", type: "function", function: { name: "Glob", arguments: "{}" } },
        ],
      },
    ]);
  });

  it("joins text blocks, and puts thinking under the reasoning field", () => {
    const { messages } = translate([
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "first", signature: "s" },
          { type: "text", text: "A" },
          { type: "thinking", thinking: "second", signature: "s" },
          { type: "text", text: "B" },
        ],
      },
    ]);
    expect(messages).toEqual([{ role: "assistant", content: "A\n\nB", reasoning: "first\n\nsecond" }]);
  });

  it("sends thinking alone with empty content", () => {
    expect(
      translate([{ role: "assistant", content: [{ type: "thinking", thinking: "t", signature: "s" }] }])
        .messages,
    ).toEqual([{ role: "assistant", content: "", reasoning: "t" }]);
  });

  it("drops redacted_thinking, server-tool blocks and unknown blocks with a warning each", () => {
    const { messages, warnings } = translate([
      {
        role: "assistant",
        content: [
          { type: "redacted_thinking", data: "opaque" },
          { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} },
          { type: "web_search_tool_result", tool_use_id: "srvtoolu_1", content: [] },
          { type: "image", source: { type: "url", url: "https://x" } },
          { type: "text", text: "Done." },
        ],
      },
    ]);
    expect(messages).toEqual([{ role: "assistant", content: "Done." }]);
    expect(warnings).toEqual([
      "messages.0.content.0: dropped redacted_thinking block",
      "messages.0.content.1: dropped server_tool_use block",
      "messages.0.content.2: dropped web_search_tool_result block",
      "messages.0.content.3: dropped image block",
    ]);
  });

  it("drops an assistant turn left with nothing", () => {
    const { messages, warnings } = translate([
      { role: "user", content: "Hi" },
      {
        role: "assistant",
        content: [
          { type: "redacted_thinking", data: "x" },
          { type: "text", text: "" },
        ],
      },
    ]);
    expect(messages).toEqual([{ role: "user", content: "Hi" }]);
    expect(warnings).toHaveLength(1);
  });
});

describe("translateMessages: order and roles", () => {
  it("keeps consecutive same-role turns in order, unmerged", () => {
    const { messages } = translate([
      { role: "user", content: "a" },
      { role: "user", content: "b" },
      { role: "assistant", content: "c" },
      { role: "assistant", content: "d" },
    ]);
    expect(messages.map((message) => message.content)).toEqual(["a", "b", "c", "d"]);
  });

  it("turns role: system entries into system messages in place", () => {
    const { messages } = translate([
      { role: "user", content: "a" },
      { role: "system", content: [{ type: "text", text: "Plan mode is on." }] },
      { role: "assistant", content: "b" },
      { role: "system", content: "" },
    ]);
    expect(messages).toEqual([
      { role: "user", content: "a" },
      { role: "system", content: "Plan mode is on." },
      { role: "assistant", content: "b" },
    ]);
  });

  it("drops a non-text block of a system entry with a warning", () => {
    const { messages, warnings } = translate([
      {
        role: "system",
        content: [
          { type: "image", source: { type: "url", url: "https://x" } },
          { type: "text", text: "x-anthropic-billing-header: cch=1;" },
          { type: "text", text: "Rules." },
        ],
      },
    ]);
    expect(messages).toEqual([{ role: "system", content: "Rules." }]);
    expect(warnings).toEqual(["messages.0.content.0: dropped image block (system content is text only)"]);
  });

  it("sends a non-spec role as user with a warning", () => {
    const { messages, warnings } = translate([{ role: "ctx", content: "context" }]);
    expect(messages).toEqual([{ role: "user", content: "context" }]);
    expect(warnings).toEqual(['messages.0: role "ctx" sent as user']);
  });
});
