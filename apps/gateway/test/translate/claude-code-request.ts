/** A Claude Code main-loop request (second turn, after a Bash call), trimmed to what translation touches. */
export const claudeCodeBody = {
  model: "claude-sonnet-4-5-20250929",
  max_tokens: 32000,
  system: [
    {
      type: "text",
      text: "x-anthropic-billing-header: cc_version=2.1.160.a1b; cc_entrypoint=cli; cch=9f3e2;",
    },
    {
      type: "text",
      text: "You are Claude Code, Anthropic's official CLI for Claude.",
      cache_control: { type: "ephemeral" },
    },
    {
      type: "text",
      text: "You are an interactive CLI tool that helps users with software engineering tasks.",
    },
  ],
  messages: [
    {
      role: "user",
      content: [
        {
          type: "text",
          text: "<system-reminder>\nAs you answer, use the context below.\n</system-reminder>",
        },
        { type: "text", text: "Why does the build fail?" },
      ],
    },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "I should run the build first.", signature: "sig-abc" },
        { type: "redacted_thinking", data: "EuYBCkQYAiJA..." },
        { type: "text", text: "Let me run the build." },
        {
          type: "tool_use",
          id: "toolu_01A",
          name: "Bash",
          input: { command: "pnpm build", timeout: 120000 },
        },
      ],
    },
    {
      role: "user",
      content: [
        { type: "text", text: "It printed this:" },
        {
          type: "tool_result",
          tool_use_id: "toolu_01A",
          is_error: true,
          content: [
            { type: "text", text: "src/index.ts(3,1): error TS2304" },
            { type: "text", text: "Exit code 2" },
          ],
        },
      ],
    },
    { role: "system", content: "The user switched to plan mode." },
    {
      role: "assistant",
      content: [
        { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "TS2304" } },
        { type: "web_search_tool_result", tool_use_id: "srvtoolu_1", content: [] },
        { type: "tool_use", id: "toolu_01B", name: "Read", input: { file_path: "/repo/src/index.ts" } },
      ],
    },
    {
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_01B",
          content: "1\timport { x } from './x';",
        },
        { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
        { type: "text", text: "" },
        { type: "document", source: { type: "text", media_type: "text/plain", data: "notes" } },
        { type: "text", text: "Fix it." },
      ],
    },
  ],
  tools: [
    {
      name: "Bash",
      description: "Executes a given bash command.",
      input_schema: {
        type: "object",
        properties: { command: { type: "string" }, timeout: { type: "number" } },
        required: ["command"],
      },
    },
    {
      name: "Read",
      description: "Reads a file.",
      input_schema: {
        type: "object",
        properties: { file_path: { type: "string" } },
        required: ["file_path"],
      },
    },
    { type: "web_search_20250305", name: "web_search", max_uses: 5 },
  ],
  tool_choice: { type: "auto" },
  thinking: { type: "enabled", budget_tokens: 31999 },
  metadata: { user_id: "user_abc_account_def_session_123" },
  stream: true,
  temperature: 1,
};
