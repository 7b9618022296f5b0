import { describe, expect, it } from "vitest";
import { decodeResponsesRequest } from "../src";

describe("decodeResponsesRequest", () => {
  it("keeps unknown fields and accepts null for unset ones", () => {
    const result = decodeResponsesRequest({
      model: "m",
      input: [{ role: "user", content: "hi", phase: "x" }],
      instructions: null,
      max_output_tokens: null,
      previous_response_id: null,
      prompt_cache_key: "k",
      client_metadata: { a: 1 },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.request.prompt_cache_key).toBe("k");
    expect(result.request.client_metadata).toEqual({ a: 1 });
    expect(result.request.input).toEqual([{ role: "user", content: "hi", phase: "x" }]);
  });

  it("refuses previous_response_id and conversation: nothing is stored", () => {
    for (const field of ["previous_response_id", "conversation"]) {
      const result = decodeResponsesRequest({ model: "m", input: "hi", [field]: "resp_123" });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.message).toMatch(new RegExp(`^${field}: not supported`));
      expect(result.message).toContain("stateless");
      expect(result.message).toContain("store: false");
    }
  });

  it.each([
    [{ input: "hi" }, "model: Required field is missing"],
    ["hi", 'body: Expected a JSON object, received "hi"'],
    [{ model: 5 }, "model: Expected a string, received 5"],
    [
      { model: "m", input: [{ type: "message", role: "user", content: [{ type: "input_text", text: 5 }] }] },
      "input.0.content.0.text: Expected a string, received 5",
    ],
    [
      { model: "m", input: [{ type: "function_call", call_id: "c", name: "f", arguments: { cmd: "ls" } }] },
      'input.0.arguments: Expected a string, received {"cmd":"ls"}',
    ],
    [
      { model: "m", input: [{ type: "function_call_output", output: "x" }] },
      "input.0.call_id: Required field is missing",
    ],
    [{ model: "m", tools: [{ name: "f" }] }, "tools.0.type: Required field is missing"],
    [{ model: "m", stream: "yes" }, 'stream: Expected a boolean or null, received "yes"'],
    [{ model: "m", reasoning: { effort: 3 } }, "reasoning.effort: Expected a string or null, received 3"],
  ])("names the bad field: %j", (body, message) => {
    expect(decodeResponsesRequest(body)).toEqual({ ok: false, message });
  });
});
