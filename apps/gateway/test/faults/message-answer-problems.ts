import type { Message } from "@sluice/protocol-anthropic";
import type { Answer } from "./ask-gateway";

const STOP_REASONS = new Set([
  "end_turn",
  "max_tokens",
  "stop_sequence",
  "tool_use",
  "pause_turn",
  "refusal",
]);

/**
 * What is wrong with an answer that should be a `stream: false` message: 200 JSON with type "message",
 * role "assistant", a content array and a stop reason. Empty when it is well formed.
 */
export function messageAnswerProblems(answer: Answer): string[] {
  if (answer.kind !== "json") return [`expected a JSON message, got an SSE stream (${answer.status})`];
  const problems: string[] = [];
  if (answer.status !== 200) problems.push(`message status ${answer.status}`);
  const body = answer.body as Partial<Message> | null;
  if (body?.type !== "message") problems.push(`body.type is ${JSON.stringify(body?.type)}, not "message"`);
  if (body?.role !== "assistant") problems.push(`role is ${JSON.stringify(body?.role)}`);
  if (!Array.isArray(body?.content)) problems.push("content is not an array");
  if (typeof body?.stop_reason !== "string" || !STOP_REASONS.has(body.stop_reason))
    problems.push(`stop_reason ${JSON.stringify(body?.stop_reason)}`);
  return problems;
}

/** The text of a message's text blocks, joined. */
export function messageText(answer: Answer): string {
  const body = (answer as { body: Partial<Message> }).body;
  return (body.content ?? []).map((block) => (block.type === "text" ? block.text : "")).join("");
}
