import { describe, expect, it } from "vitest";
import { openAIErrorBody } from "../src";

describe("openAIErrorBody", () => {
  it.each([
    ["invalid_request_error", "invalid_request_error", null],
    ["authentication_error", "invalid_request_error", "invalid_api_key"],
    ["billing_error", "insufficient_quota", "insufficient_quota"],
    ["permission_error", "invalid_request_error", null],
    ["not_found_error", "invalid_request_error", "model_not_found"],
    ["request_too_large", "invalid_request_error", null],
    ["rate_limit_error", "rate_limit_error", "rate_limit_exceeded"],
    ["api_error", "server_error", "server_error"],
    ["timeout_error", "server_error", "server_error"],
    ["overloaded_error", "service_unavailable_error", "server_is_overloaded"],
    ["something_new", "server_error", "server_error"],
    ["__proto__", "server_error", "server_error"],
  ])("%s → type %s, code %s", (anthropicType, type, code) => {
    expect(openAIErrorBody({ type: anthropicType, message: "Upstream said no" })).toEqual({
      error: { message: "Upstream said no", type, param: null, code },
    });
  });

  it("reports the gateway's context overflow as context_length_exceeded", () => {
    const body = openAIErrorBody({
      type: "invalid_request_error",
      message: "prompt is too long: 40000 tokens > 32768 maximum",
    });
    expect(body.error.code).toBe("context_length_exceeded");
    expect(body.error.message).toBe("prompt is too long: 40000 tokens > 32768 maximum");
  });

  it("appends the request id after the unmodified message", () => {
    expect(openAIErrorBody({ type: "api_error", message: "Upstream failed" }, "req_123").error.message).toBe(
      "Upstream failed (request ID: req_123)",
    );
  });
});
