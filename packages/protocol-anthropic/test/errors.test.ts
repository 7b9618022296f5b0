import { gatewayError } from "@sluice/events";
import { describe, expect, it } from "vitest";
import { errorBody, errorEvent } from "../src";

describe("error bodies", () => {
  const error = gatewayError("not_found", "model: unknown model claude-x");

  it("errorBody: the HTTP body with request_id", () => {
    expect(JSON.stringify(errorBody(error.object, "req_abc"))).toBe(
      '{"type":"error","error":{"type":"not_found_error","message":"model: unknown model claude-x"},"request_id":"req_abc"}',
    );
    expect(errorBody({ type: "api_error", message: "m" }, null)).toEqual({
      type: "error",
      error: { type: "api_error", message: "m" },
      request_id: null,
    });
  });

  it("errorEvent: the same error object without request_id, and only type and message", () => {
    expect(JSON.stringify(errorEvent(error.object))).toBe(
      '{"type":"error","error":{"type":"not_found_error","message":"model: unknown model claude-x"}}',
    );
  });
});
