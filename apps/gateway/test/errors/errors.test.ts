import { gatewayError } from "@sluice/events";
import { describe, expect, it } from "vitest";
import { ERROR_BODIES } from "../../src/errors/error-bodies";

// The reasons, their table and GatewayError are @sluice/events' (packages/events/test); the bodies are the gateway's.
describe("ERROR_BODIES: each surface's HTTP body for a reason", () => {
  const error = gatewayError("not_found", "model: unknown model claude-x");

  it("anthropic: the error object with request_id", () => {
    expect(JSON.stringify(ERROR_BODIES.anthropic(error, "req_abc"))).toBe(
      '{"type":"error","error":{"type":"not_found_error","message":"model: unknown model claude-x"},"request_id":"req_abc"}',
    );
  });

  it("openai: OpenAI's type and code, the request id after the message", () => {
    expect(JSON.stringify(ERROR_BODIES.openai(error, "req_abc"))).toBe(
      '{"error":{"message":"model: unknown model claude-x (request ID: req_abc)","type":"invalid_request_error","param":null,"code":"model_not_found"}}',
    );
    const overflow = gatewayError("context_overflow", "prompt is too long: 9000 tokens > 8192 maximum");
    expect(ERROR_BODIES.openai(overflow, "req_abc")).toMatchObject({
      error: { type: "invalid_request_error", code: "context_length_exceeded" },
    });
  });
});
