import { describe, expect, it } from "vitest";
import {
  decodeResponsesRequest,
  encodeReasoningEnvelope,
  type ResponsesRequest,
  responsesToChat,
} from "../src";

function decoded(body: unknown): ResponsesRequest {
  const result = decodeResponsesRequest(body);
  if (!result.ok) throw new Error(result.message);
  return result.request;
}

const execCommand = {
  type: "function",
  name: "exec_command",
  description: "Runs a command in a PTY, returning output or a session ID for ongoing interaction.",
  strict: false,
  parameters: {
    type: "object",
    properties: { cmd: { type: "string" }, justification: { type: "string" } },
    required: ["cmd"],
    additionalProperties: false,
  },
};

/** Codex CLI 0.169's second request (docs/protocol.md D2): the first turn's reasoning and call, then the call's output. */
const codexSecondTurn = {
  model: "qwen3-coder",
  instructions: "You are Codex, a coding agent.",
  input: [
    {
      type: "message",
      role: "developer",
      content: [
        {
          type: "input_text",
          text: "<permissions instructions>danger-full-access</permissions instructions>",
        },
      ],
    },
    {
      type: "message",
      role: "user",
      content: [{ type: "input_text", text: "<environment_context><cwd>/work</cwd></environment_context>" }],
    },
    { type: "message", role: "user", content: [{ type: "input_text", text: "Run echo hi" }] },
    {
      type: "reasoning",
      id: "rs_resp1_0",
      summary: [],
      encrypted_content: encodeReasoningEnvelope("The user wants echo hi run. I'll use exec_command."),
    },
    {
      type: "function_call",
      id: "fc_resp1_1",
      name: "exec_command",
      arguments: '{"cmd":"echo hi"}',
      call_id: "call_7f3a",
    },
    {
      type: "function_call_output",
      call_id: "call_7f3a",
      output: "Process exited with code 0\nOutput:\nhi\n",
    },
  ],
  tools: [
    execCommand,
    { type: "namespace", name: "mcp__files", description: "files", tools: [] },
    { type: "web_search", external_web_access: false },
  ],
  tool_choice: "auto",
  parallel_tool_calls: true,
  reasoning: { summary: "auto" },
  store: false,
  stream: true,
  include: ["reasoning.encrypted_content"],
  prompt_cache_key: "019a-session",
  client_metadata: { originator: "codex_exec" },
};

describe("responsesToChat", () => {
  it("turns Codex's second turn into a chat conversation with the call on the assistant turn", () => {
    const chat = responsesToChat(decoded(codexSecondTurn));
    expect(chat.messages).toEqual([
      {
        role: "system",
        content:
          "You are Codex, a coding agent.\n\n<permissions instructions>danger-full-access</permissions instructions>",
      },
      { role: "user", content: "<environment_context><cwd>/work</cwd></environment_context>" },
      { role: "user", content: "Run echo hi" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_7f3a",
            type: "function",
            function: { name: "exec_command", arguments: '{"cmd":"echo hi"}' },
          },
        ],
        reasoning: "The user wants echo hi run. I'll use exec_command.",
      },
      { role: "tool", tool_call_id: "call_7f3a", content: "Process exited with code 0\nOutput:\nhi\n" },
    ]);
    expect(chat.tools).toEqual([
      {
        type: "function",
        function: {
          name: "exec_command",
          description: execCommand.description,
          parameters: execCommand.parameters,
        },
      },
    ]);
    expect(chat.toolChoice).toBe("auto");
    expect(chat.parallelToolCalls).toBe(true);
    expect(chat.warnings).toEqual(["tools.1: dropped namespace tool", "tools.2: dropped web_search tool"]);
    expect(chat.sampling).toEqual({});
    expect(chat.maxTokens).toBeUndefined();
    expect(chat.reasoningEffort).toBeUndefined();
  });

  it("merges an assistant message, reasoning and consecutive calls into one assistant message", () => {
    const chat = responsesToChat(
      decoded({
        model: "m",
        input: [
          { role: "user", content: "read two files" },
          { type: "reasoning", summary: [{ type: "summary_text", text: "Two reads." }] },
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "Reading." }] },
          { type: "function_call", call_id: "call_1", name: "read", arguments: '{"path":"/a"}' },
          { type: "function_call", call_id: "call_2", name: "read", arguments: "" },
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "Both read." }] },
          { type: "function_call_output", call_id: "call_1", output: [{ type: "input_text", text: "A" }] },
          { type: "function_call_output", call_id: "call_2", output: "B" },
          {
            type: "reasoning",
            summary: [{ type: "summary_text", text: "a summary" }],
            content: [{ type: "reasoning_text", text: "Raw reasoning wins over the summary." }],
          },
          { type: "message", role: "assistant", content: [{ type: "output_text", text: "A and B." }] },
        ],
      }),
    );
    expect(chat.messages).toEqual([
      { role: "user", content: "read two files" },
      {
        role: "assistant",
        content: "Reading.\n\nBoth read.",
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "read", arguments: '{"path":"/a"}' } },
          { id: "call_2", type: "function", function: { name: "read", arguments: "{}" } },
        ],
        reasoning: "Two reads.",
      },
      { role: "tool", tool_call_id: "call_1", content: "A" },
      { role: "tool", tool_call_id: "call_2", content: "B" },
      { role: "assistant", content: "A and B.", reasoning: "Raw reasoning wins over the summary." },
    ]);
    expect(chat.warnings).toEqual([]);
    expect(chat.tools).toBeUndefined();
  });

  it("reads a reasoning item once when it comes back with content, envelope and summary alike", () => {
    const text = "Check the files first.";
    const item = {
      type: "reasoning",
      id: "rs_resp1_0",
      summary: [{ type: "summary_text", text }],
      content: [{ type: "reasoning_text", text }],
      encrypted_content: encodeReasoningEnvelope(text),
    };
    const { content: _content, ...withoutContent } = item;
    const { encrypted_content: _envelope, ...summaryOnly } = withoutContent;
    for (const reasoning of [item, withoutContent, summaryOnly]) {
      const chat = responsesToChat(
        decoded({
          model: "m",
          input: [{ role: "user", content: "Go" }, reasoning, { role: "assistant", content: "Done." }],
        }),
      );
      expect(chat.messages).toEqual([
        { role: "user", content: "Go" },
        { role: "assistant", content: "Done.", reasoning: text },
      ]);
    }
  });

  it("reads an input string, images and other roles, and names what it drops", () => {
    expect(responsesToChat(decoded({ model: "m", input: "hi", instructions: null })).messages).toEqual([
      { role: "user", content: "hi" },
    ]);
    const chat = responsesToChat(
      decoded({
        model: "m",
        instructions: "",
        input: [
          { role: "system", content: "Be brief." },
          {
            role: "user",
            content: [
              { type: "input_text", text: "What is this?" },
              { type: "input_image", image_url: "data:image/png;base64,AAAA", detail: "low" },
              { type: "input_image", file_id: "file-1" },
              { type: "input_file", file_id: "file-2" },
            ],
          },
          { type: "reasoning", summary: [], encrypted_content: "gAAAAABopenai-ciphertext" },
          { type: "web_search_call", id: "ws_1", status: "completed" },
          { role: "critic", content: "Looks fine." },
        ],
      }),
    );
    expect(chat.messages).toEqual([
      { role: "system", content: "Be brief." },
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image_url", image_url: { url: "data:image/png;base64,AAAA", detail: "low" } },
        ],
      },
      { role: "user", content: "Looks fine." },
    ]);
    expect(chat.warnings).toEqual([
      "input.1.content.2: dropped input_image part",
      "input.1.content.3: dropped input_file part",
      "input.2: dropped reasoning item without readable text",
      "input.3: dropped web_search_call item",
      'input.4: role "critic" sent as user',
    ]);
  });

  it("maps tool_choice, limits, sampling and reasoning effort", () => {
    const tools = [execCommand];
    const named = responsesToChat(
      decoded({
        model: "m",
        input: "x",
        tools,
        tool_choice: { type: "function", name: "exec_command" },
        parallel_tool_calls: false,
        max_output_tokens: 2048,
        temperature: 0.6,
        top_p: 0.95,
        reasoning: { effort: "high", summary: "auto" },
      }),
    );
    expect(named.toolChoice).toEqual({ type: "function", function: { name: "exec_command" } });
    expect(named.parallelToolCalls).toBe(false);
    expect(named.maxTokens).toBe(2048);
    expect(named.sampling).toEqual({ temperature: 0.6, top_p: 0.95 });
    expect(named.reasoningEffort).toBe("high");
    for (const choice of ["auto", "none", "required"]) {
      expect(
        responsesToChat(decoded({ model: "m", input: "x", tools, tool_choice: choice })).toolChoice,
      ).toBe(choice);
    }
    const hosted = responsesToChat(
      decoded({ model: "m", input: "x", tools, tool_choice: { type: "web_search" } }),
    );
    expect(hosted.toolChoice).toBeUndefined();
    expect(hosted.warnings).toEqual(["tool_choice: dropped web_search choice"]);
    // Nothing left to call: no tool_choice; parallel_tool_calls stays for the transcoder (the gateway
    // leaves it out of the upstream request when there are no tools).
    const none = responsesToChat(
      decoded({
        model: "m",
        input: "x",
        tools: [{ type: "web_search" }],
        tool_choice: "required",
        parallel_tool_calls: true,
      }),
    );
    expect(none.tools).toBeUndefined();
    expect(none.toolChoice).toBeUndefined();
    expect(none.parallelToolCalls).toBe(true);
  });
});
