import type { ChatMessage } from "@sluice/upstream-chat";
import { describe, expect, it } from "vitest";
import { nativeToolCallIds } from "../../src/translate/native-tool-call-ids";

const kimi = (name: string, index: number) => `functions.${name}:${index}`;
const call = (id: string, name: string) => ({
  id,
  type: "function" as const,
  function: { name, arguments: "{}" },
});

describe("nativeToolCallIds", () => {
  it("numbers the conversation's calls in order and renames the results that answer them", () => {
    const messages: ChatMessage[] = [
      { role: "user", content: "go" },
      { role: "assistant", content: null, tool_calls: [call("toolu_a", "Read"), call("toolu_b", "Bash")] },
      { role: "tool", tool_call_id: "toolu_a", content: "file" },
      { role: "tool", tool_call_id: "toolu_b", content: "ok" },
      { role: "assistant", content: "and again", tool_calls: [call("toolu_c", "Bash")] },
      { role: "tool", tool_call_id: "toolu_c", content: "ok" },
      { role: "tool", tool_call_id: "toolu_unknown", content: "orphan" },
    ];
    const result = nativeToolCallIds(messages, kimi);
    expect(
      result
        .flatMap((message) => (message.role === "assistant" ? (message.tool_calls ?? []) : []))
        .map((c) => c.id),
    ).toEqual(["functions.Read:0", "functions.Bash:1", "functions.Bash:2"]);
    expect(result.flatMap((message) => (message.role === "tool" ? [message.tool_call_id] : []))).toEqual([
      "functions.Read:0",
      "functions.Bash:1",
      "functions.Bash:2",
      "toolu_unknown",
    ]);
    // The input is not changed.
    expect(messages[2]).toEqual({ role: "tool", tool_call_id: "toolu_a", content: "file" });
  });

  it("leaves a conversation without calls as it is", () => {
    const messages: ChatMessage[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
    ];
    expect(nativeToolCallIds(messages, kimi)).toEqual(messages);
  });
});
