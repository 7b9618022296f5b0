import type { Answer } from "./ask-gateway";
import { errorAnswerProblems } from "./error-answer-problems";
import { messageAnswerProblems } from "./message-answer-problems";
import { streamAnswerProblems } from "./stream-answer-problems";

/**
 * What is wrong with the answer to a client's request (the upstream always answers well): a stream must
 * reach message_stop, a 200 must be a message, anything else must be a 4xx Anthropic error — a client's
 * mistake is never a 5xx. Empty when it is well formed.
 */
export function wellFormedAnswerProblems(answer: Answer): string[] {
  if (answer.kind === "stream") return streamAnswerProblems(answer, "message_stop");
  if (answer.status === 200) return messageAnswerProblems(answer);
  const problems = errorAnswerProblems(answer);
  if (answer.status >= 500) problems.push(`status ${answer.status}: a client's request got a server error`);
  return problems;
}
