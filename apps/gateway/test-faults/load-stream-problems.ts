import { checkMessageStream, checkSseFraming, fromAnthropicEvents, parseSse } from "@sluice/pipeline/testkit";
import { createMessageAggregator, type MessageStreamEvent } from "@sluice/protocol-anthropic";

/**
 * What is wrong with one load stream's SSE text: the grammar and framing checks, then the message it
 * folds into must be the recording's (thinking, text, the Bash call with its arguments, tool_use).
 */
export function loadStreamProblems(text: string): string[] {
  let messages: ReturnType<typeof parseSse>;
  try {
    messages = parseSse(text);
  } catch (error) {
    return [`unreadable SSE: ${error instanceof Error ? error.message : String(error)}`];
  }
  const events = messages.map((message) => message.data as MessageStreamEvent);
  const problems = [...checkSseFraming(messages), ...checkMessageStream(events)];
  if (problems.length > 0) return problems;
  const aggregator = createMessageAggregator();
  for (const event of fromAnthropicEvents(events)) aggregator.push(event);
  if (aggregator.error !== undefined) return [`error event: ${aggregator.error.message}`];
  const message = aggregator.message();
  const kinds = message.content.map((block) => block.type).join(",");
  if (kinds !== "thinking,text,tool_use") return [`blocks ${kinds}, expected thinking,text,tool_use`];
  if (message.stop_reason !== "tool_use") return [`stop_reason ${message.stop_reason}`];
  const call = message.content[2];
  const input = call?.type === "tool_use" ? JSON.stringify(call.input) : "";
  if (input !== JSON.stringify({ command: "ls -la", description: "List files" }))
    return [`tool input ${input}`];
  return [];
}
