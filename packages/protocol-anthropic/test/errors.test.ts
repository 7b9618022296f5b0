import { describe, expect, it } from "vitest";
import {
  ERROR_STATUS,
  type ErrorType,
  errorBody,
  errorEvent,
  GatewayError,
  gatewayError,
  isRetryableStatus,
} from "../src";

describe("ERROR_STATUS (docs/protocol.md A5)", () => {
  it("maps every Anthropic error type to its status", () => {
    expect(ERROR_STATUS).toEqual({
      invalid_request_error: 400,
      authentication_error: 401,
      billing_error: 402,
      permission_error: 403,
      not_found_error: 404,
      request_too_large: 413,
      rate_limit_error: 429,
      api_error: 500,
      timeout_error: 504,
      overloaded_error: 529,
    });
  });
});

describe("gatewayError", () => {
  it("is tagged data with the table's status and whether a retry can help", () => {
    const error = gatewayError("rate_limit_error", "Upstream rate limit");
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      _tag: "GatewayError",
      type: "rate_limit_error",
      message: "Upstream rate limit",
      status: 429,
      retryable: true,
    });
  });

  it("takes an explicit status: an upstream 5xx is api_error with 502 (docs/http-api.md §5)", () => {
    expect(gatewayError("api_error", "Upstream returned 500", { status: 502 })).toMatchObject({
      status: 502,
      retryable: true,
    });
    expect(gatewayError("api_error", "x")).toMatchObject({ status: 500, retryable: true });
  });

  it("is retryable exactly where the Anthropic SDK retries: 408, 409, 429, 5xx", () => {
    const retryable = Object.fromEntries(
      (Object.keys(ERROR_STATUS) as ErrorType[]).map((type) => [type, gatewayError(type, "m").retryable]),
    );
    expect(retryable).toEqual({
      invalid_request_error: false,
      authentication_error: false,
      billing_error: false,
      permission_error: false,
      not_found_error: false,
      request_too_large: false,
      rate_limit_error: true,
      api_error: true,
      timeout_error: true,
      overloaded_error: true,
    });
    expect([408, 409, 429, 500, 502, 503, 504, 529].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 413, 422].some(isRetryableStatus)).toBe(false);
  });
});

describe("error bodies", () => {
  const error = gatewayError("not_found_error", "model: unknown model claude-x");

  it("errorBody: the HTTP body with request_id", () => {
    expect(JSON.stringify(errorBody(error, "req_abc"))).toBe(
      '{"type":"error","error":{"type":"not_found_error","message":"model: unknown model claude-x"},"request_id":"req_abc"}',
    );
    expect(errorBody({ type: "api_error", message: "m" }, null)).toEqual({
      type: "error",
      error: { type: "api_error", message: "m" },
      request_id: null,
    });
  });

  it("errorEvent: the same error object without request_id, and only type and message", () => {
    expect(JSON.stringify(errorEvent(error))).toBe(
      '{"type":"error","error":{"type":"not_found_error","message":"model: unknown model claude-x"}}',
    );
  });
});
