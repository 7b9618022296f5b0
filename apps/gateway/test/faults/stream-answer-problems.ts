import type { ErrorObject } from "@sluice/events";
import { checkMessageStream, checkSseFraming } from "@sluice/pipeline/testkit";
import type { Answer } from "./ask-gateway";

export type StreamEnding = "message_stop" | "error";

/**
 * What is wrong with an answer that should be an Anthropic SSE stream: status 200, every event framed
 * as its type, the grammar of `checkMessageStream`, and the expected ending (message_stop, or exactly
 * one `error` event, last). Empty when it is well formed.
 */
export function streamAnswerProblems(answer: Answer, ending?: StreamEnding): string[] {
  if (answer.kind !== "stream") return [`expected an SSE stream, got a JSON body (${answer.status})`];
  const problems: string[] = [];
  if (answer.status !== 200) problems.push(`stream status ${answer.status}`);
  problems.push(...checkSseFraming(answer.messages), ...checkMessageStream(answer.events));
  const errors = answer.events.filter((event) => event.type === "error");
  if (errors.length > 1) problems.push(`${errors.length} error events`);
  const last = answer.events.filter((event) => event.type !== "ping").at(-1);
  if (ending !== undefined && last?.type !== ending)
    problems.push(`the stream ends with ${last?.type ?? "nothing"}, not ${ending}`);
  return problems;
}

/** The stream's error event, if it has one. */
export function streamErrorOf(answer: Answer): ErrorObject | undefined {
  if (answer.kind !== "stream") return undefined;
  const event = answer.events.find((candidate) => candidate.type === "error");
  return event?.type === "error" ? event.error : undefined;
}
