import {
  ERROR_TABLE,
  type ErrorReason,
  GatewayError,
  gatewayError,
  reasonOfStreamError,
  reasonOfUpstreamStatus,
} from "@sluice/events";
import { describe, expect, it } from "vitest";
import { ERROR_BODIES } from "../../src/errors/error-bodies";

describe("ERROR_TABLE (docs/http-api.md §5): one row per reason", () => {
  it("gives every reason its status, Anthropic type and retry hint", () => {
    const rows = Object.fromEntries(
      (Object.keys(ERROR_TABLE) as ErrorReason[]).map((reason) => {
        const { status, type, retry } = ERROR_TABLE[reason];
        return [reason, `${status} ${type} ${retry ? "retry" : "final"}`];
      }),
    );
    expect(rows).toEqual({
      invalid_request: "400 invalid_request_error final",
      unauthorized: "401 authentication_error final",
      not_found: "404 not_found_error final",
      method_not_allowed: "405 invalid_request_error final",
      body_too_large: "413 request_too_large final",
      gateway_busy: "529 overloaded_error retry",
      answer_too_large: "502 api_error final",
      shutting_down: "529 overloaded_error retry",
      context_overflow: "400 invalid_request_error final",
      upstream_rejected_request: "400 invalid_request_error final",
      upstream_rejected_credentials: "502 api_error final",
      upstream_not_found: "502 api_error final",
      upstream_redirect: "502 api_error final",
      upstream_rate_limited: "429 rate_limit_error retry",
      upstream_overloaded: "529 overloaded_error retry",
      upstream_failed: "502 api_error retry",
      upstream_unreachable: "502 api_error final",
      upstream_timeout: "504 timeout_error retry",
      client_closed: "499 api_error final",
      internal: "500 api_error retry",
    });
  });
});

describe("GatewayError", () => {
  it("is tagged data whose status, type and retry come from the table", () => {
    const error = gatewayError("upstream_rate_limited", "upstream rate limit", "7");
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      _tag: "GatewayError",
      reason: "upstream_rate_limited",
      message: "upstream rate limit",
      retryAfter: "7",
    });
    expect([error.status, error.type, error.retry]).toEqual([429, "rate_limit_error", true]);
    expect(error.object).toEqual({ type: "rate_limit_error", message: "upstream rate limit" });
  });
});

describe("reasons from the upstream", () => {
  it.each([
    [400, "upstream_rejected_request"],
    [422, "upstream_rejected_request"],
    [401, "upstream_rejected_credentials"],
    [403, "upstream_rejected_credentials"],
    [404, "upstream_not_found"],
    [301, "upstream_redirect"],
    [307, "upstream_redirect"],
    [429, "upstream_rate_limited"],
    [503, "upstream_overloaded"],
    [529, "upstream_overloaded"],
    [500, "upstream_failed"],
    [502, "upstream_failed"],
    [504, "upstream_failed"],
  ] as const)("HTTP %i → %s", (status, reason) => {
    expect(reasonOfUpstreamStatus(status)).toBe(reason);
  });

  it("maps an in-stream error type back to the upstream reason it came from", () => {
    expect(reasonOfStreamError("api_error")).toBe("upstream_failed");
    expect(reasonOfStreamError("overloaded_error")).toBe("upstream_overloaded");
    expect(reasonOfStreamError("timeout_error")).toBe("upstream_timeout");
    expect(reasonOfStreamError("rate_limit_error")).toBe("upstream_rate_limited");
    expect(reasonOfStreamError("invalid_request_error")).toBe("upstream_rejected_request");
  });
});

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
