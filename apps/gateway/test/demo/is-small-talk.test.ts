import { describe, expect, it } from "vitest";
import { isSmallTalk } from "../../src/demo/is-small-talk";

describe("isSmallTalk", () => {
  it.each([
    "hello there",
    "hi",
    "Hey!",
    "thanks",
    "Thank you so much!",
    "good morning, claude",
    "how are you?",
    "what's up",
    "who are you",
    "ok cool",
    "bye",
    "Warmup",
    "",
    "👋",
  ])("%j is small talk", (text) => {
    expect(isSmallTalk(text)).toBe(true);
  });

  it.each([
    "hello, list the files",
    "thanks, now run the tests",
    "What is the capital of France?",
    "Read README.md",
    "ls",
    "hi hi hi hi hi hi hi hi hi",
  ])("%j is a request", (text) => {
    expect(isSmallTalk(text)).toBe(false);
  });
});
