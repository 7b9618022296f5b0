import { readFileSync } from "node:fs";

/** The working directory the recorded clients ran in (their bodies were recorded there, paths rewritten). */
export const RECORDED_WORKING_DIRECTORY = "/home/dev/project";

/** What the user typed when the bodies were recorded; each request below replaces it. */
const RECORDED_PROMPT = "List the files in this directory";

export type RecordedClient = "claude-code-print" | "claude-code-interactive" | "codex-exec";

const FIXTURES: Record<RecordedClient, string> = {
  "claude-code-print": "claude-code-2.1.332-print.request.json",
  "claude-code-interactive": "claude-code-2.1.332-interactive.request.json",
  "codex-exec": "codex-0.171.0-exec.request.json",
};

/**
 * A client's first request as it sent it to the gateway (`server.record_dir`: Claude Code 2.1.332's
 * `claude -p` and interactive session, Codex 0.171.0's `codex exec`), with `typed` where the user's words
 * were, as one answer (`stream: false`).
 */
export function recordedRequest(client: RecordedClient, typed: string): Record<string, unknown> {
  const body = JSON.parse(
    readFileSync(new URL(`../fixtures/${FIXTURES[client]}`, import.meta.url), "utf8"),
  ) as Record<string, unknown>;
  const conversation = (client === "codex-exec" ? body.input : body.messages) as Array<{
    content: Array<{ text?: string }>;
  }>;
  const part = conversation.flatMap((message) => message.content).find((p) => p.text === RECORDED_PROMPT);
  if (part === undefined) throw new Error(`${FIXTURES[client]} holds no "${RECORDED_PROMPT}"`);
  part.text = typed;
  return { ...body, stream: false };
}

/** The route each client's request goes to. */
export function routeOf(client: RecordedClient): string {
  return client === "codex-exec" ? "/v1/responses" : "/v1/messages";
}

export interface ToolCall {
  readonly name: string;
  readonly input: Record<string, unknown>;
}

/** The tool calls of an answer: Anthropic `tool_use` blocks, or Responses `function_call` items. */
export function toolCallsOf(client: RecordedClient, answer: unknown): ToolCall[] {
  if (client === "codex-exec") {
    const { output } = answer as { output: Array<{ type: string; name?: string; arguments?: string }> };
    return output
      .filter((item) => item.type === "function_call")
      .map((item) => ({ name: item.name ?? "", input: JSON.parse(item.arguments ?? "{}") }));
  }
  const { content } = answer as { content: Array<{ type: string; name?: string; input?: unknown }> };
  return content
    .filter((block) => block.type === "tool_use")
    .map((block) => ({ name: block.name ?? "", input: block.input as Record<string, unknown> }));
}
