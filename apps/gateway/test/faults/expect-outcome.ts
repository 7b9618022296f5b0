import { expect } from "vitest";
import type { Answer } from "./ask-gateway";
import { errorAnswerProblems, errorOf } from "./error-answer-problems";
import { messageAnswerProblems, messageText } from "./message-answer-problems";
import { streamAnswerProblems, streamErrorOf } from "./stream-answer-problems";
import { streamedText } from "./streamed-text";
import type { FaultOutcome, TextExpectation } from "./upstream-fault-cases";

// docs/http-api.md §5 cuts upstream text at 2000 characters; the gateway's own words come on top.
const MAX_ERROR_MESSAGE_LENGTH = 2400;

/** Asserts that `answer` is well formed and is the outcome the fault case documents. */
export function expectOutcome(answer: Answer, outcome: FaultOutcome): void {
  if (outcome.kind === "error") {
    expect(errorAnswerProblems(answer)).toEqual([]);
    const error = errorOf(answer);
    expect({ status: answer.status, type: error.type }).toEqual({
      status: outcome.status,
      type: outcome.type,
    });
    expect(error.message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_LENGTH);
    return;
  }
  if (outcome.kind === "stream-error") {
    expect(streamAnswerProblems(answer, "error")).toEqual([]);
    const error = streamErrorOf(answer);
    expect(error?.type).toBe(outcome.type);
    expect(error?.message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_LENGTH);
    return;
  }
  if (answer.kind === "stream") {
    expect(streamAnswerProblems(answer, "message_stop")).toEqual([]);
    const delta = answer.events.find((event) => event.type === "message_delta");
    expect(delta?.type === "message_delta" ? delta.delta.stop_reason : undefined).toBe(outcome.stopReason);
    expectText(streamedText(answer), outcome.text);
    return;
  }
  expect(messageAnswerProblems(answer)).toEqual([]);
  expect((answer.body as { stop_reason: string }).stop_reason).toBe(outcome.stopReason);
  expectText(messageText(answer), outcome.text);
}

function expectText(text: string, expected: TextExpectation | undefined): void {
  if (expected?.equals !== undefined) expect(text).toBe(expected.equals);
  if (expected?.includes !== undefined) expect(text).toContain(expected.includes);
  if (expected?.excludes !== undefined) expect(text).not.toContain(expected.excludes);
}
