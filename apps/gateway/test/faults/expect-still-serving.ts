import { expect } from "vitest";
import { askGateway } from "./ask-gateway";
import { messageAnswerProblems, messageText } from "./message-answer-problems";
import { messagesBody } from "./messages-body";
import { streamAnswerProblems } from "./stream-answer-problems";
import { streamedText } from "./streamed-text";

/** The answer of the `ok` model (the plain-text recording). */
export const OK_TEXT = "Hello from the scripted upstream.";

/** A fault must not take the gateway down with it: a normal request, streamed and not, still works. */
export async function expectStillServing(origin: string): Promise<void> {
  const streamed = await askGateway(origin, { body: messagesBody("ok", true) });
  expect(streamAnswerProblems(streamed, "message_stop")).toEqual([]);
  expect(streamedText(streamed)).toBe(OK_TEXT);
  const whole = await askGateway(origin, { body: messagesBody("ok", false) });
  expect(messageAnswerProblems(whole)).toEqual([]);
  expect(messageText(whole)).toBe(OK_TEXT);
}
