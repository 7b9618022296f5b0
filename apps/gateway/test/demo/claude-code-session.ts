import { decodeMessagesRequest, type MessageParam } from "@sluice/protocol-anthropic";
import { translateRequest } from "../../src/translate/translate-request";
import { claudeCodeSessionTools } from "./claude-code-tools";

export const WORKING_DIRECTORY = "/home/dev/sluice-playground";

/** The environment block of Claude Code 1.x and its subagents. */
export function envBlock(workingDirectory: string): string {
  return [
    "Here is useful information about the environment you are running in:",
    "<env>",
    `Working directory: ${workingDirectory}`,
    "Is directory a git repo: Yes",
    "Platform: linux",
    "OS Version: Linux 6.8.0-48-generic",
    "Today's date: 2025-11-02",
    "</env>",
    "You are powered by the model named Sonnet 4.5. The exact model ID is claude-sonnet-4-5-20250929.",
  ].join("\n");
}

/** The environment section of Claude Code 2.x's main prompt. */
export function environmentSection(workingDirectory: string): string {
  return [
    "# Environment",
    "You have been invoked in the following environment: ",
    ` - Primary working directory: ${workingDirectory}`,
    " - Is a git repository: true",
    " - Platform: linux",
    " - Shell: bash",
    " - OS Version: Linux 6.8.0-48-generic",
  ].join("\n");
}

export const systemReminder = (text: string): string => `<system-reminder>\n${text}\n</system-reminder>`;

/** The CLAUDE.md context Claude Code puts before the first thing the user types. */
export const contextReminder = systemReminder(
  [
    "As you answer the user's questions, you can use the following context:",
    "# claudeMd",
    "Codebase and user instructions are shown below. Be sure to adhere to these instructions.",
    "",
    `Contents of ${WORKING_DIRECTORY}/CLAUDE.md (project instructions, checked into the codebase):`,
    "",
    "Always run the linter before committing. Keep functions small.",
    "",
    "      IMPORTANT: this context may or may not be relevant to your tasks. You should not respond to this context unless it is highly relevant to your task.",
  ].join("\n"),
);

/** The reminder Claude Code puts after it. */
export const todoReminder = systemReminder(
  "This is a reminder that your todo list is currently empty. DO NOT mention this to the user explicitly because they are not aware of it. If you are working on tasks that would benefit from a todo list please use the TodoWrite tool to create one.",
);

/** The first user turn of an interactive session: what the user typed, between Claude Code's reminders. */
export function typedTurn(typed: string): MessageParam {
  return {
    role: "user",
    content: [
      { type: "text", text: contextReminder },
      { type: "text", text: typed },
      { type: "text", text: todoReminder },
    ],
  };
}

export interface ClaudeCodeRequestOptions {
  /** The system prompt's environment text; default: Claude Code 1.x's `<env>` block for WORKING_DIRECTORY. */
  readonly environment?: string;
  readonly tools?: readonly unknown[];
  readonly toolChoice?: Record<string, unknown>;
  readonly thinking?: boolean;
}

/** A Claude Code main-loop request: billing header, identity, main prompt with the environment, its tools. */
export function claudeCodeMessagesRequest(
  messages: readonly MessageParam[],
  options: ClaudeCodeRequestOptions = {},
): Record<string, unknown> {
  return {
    model: "claude-sonnet-4-5-20250929",
    max_tokens: 32000,
    system: [
      { type: "text", text: "x-anthropic-billing-header: cc_version=2.0.31.a1b; cc_entrypoint=cli;" },
      {
        type: "text",
        text: "You are Claude Code, Anthropic's official CLI for Claude.",
        cache_control: { type: "ephemeral" },
      },
      {
        type: "text",
        text: `You are an interactive CLI tool that helps users with software engineering tasks. Use the instructions below and the tools available to you to assist the user.\n\n${
          options.environment ?? envBlock(WORKING_DIRECTORY)
        }`,
      },
    ],
    messages,
    tools: options.tools ?? claudeCodeSessionTools,
    ...(options.toolChoice === undefined ? {} : { tool_choice: options.toolChoice }),
    ...(options.thinking === false ? {} : { thinking: { type: "enabled", budget_tokens: 31999 } }),
    metadata: { user_id: "user_abc_account_def_session_123" },
    stream: true,
  };
}

/** The chat request the demo receives for that request, through the gateway's own translation. */
export function claudeCodeChatRequest(
  messages: readonly MessageParam[],
  options: ClaudeCodeRequestOptions = {},
): Record<string, unknown> {
  const decoded = decodeMessagesRequest(claudeCodeMessagesRequest(messages, options));
  if (!decoded.ok) throw new Error(decoded.message);
  const { body } = translateRequest(
    decoded.request,
    { thinkingKwarg: "enable_thinking" },
    { upstream: { baseUrls: ["demo"], model: "qwen3.5", reasoningField: "reasoning" } },
    { thinking: options.thinking !== false },
  );
  return body as unknown as Record<string, unknown>;
}
