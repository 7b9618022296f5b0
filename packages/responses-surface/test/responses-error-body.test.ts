import { describe, expect, it } from "vitest";
import { responsesErrorBody } from "../src";

describe("responsesErrorBody", () => {
  it.each([
    ["invalid_request_error", "invalid_request_error", null],
    ["authentication_error", "invalid_request_error", "invalid_api_key"],
    ["not_found_error", "invalid_request_error", "model_not_found"],
    ["rate_limit_error", "requests", "rate_limit_exceeded"],
    ["api_error", "server_error", "server_error"],
    ["overloaded_error", "server_error", "server_error"],
    ["a_type_from_the_future", "server_error", "server_error"],
  ])("%s → type %s, code %s, message verbatim", (type, openAIType, code) => {
    expect(responsesErrorBody({ type, message: "prompt is too long: 9000 tokens" })).toEqual({
      error: { message: "prompt is too long: 9000 tokens", type: openAIType, param: null, code },
    });
  });
});
