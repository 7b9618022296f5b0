import type { ErrorType, StopReason } from "@sluice/events";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mapStopReason, type StopReasonInput } from "../src";

const input = (overrides: Partial<StopReasonInput>): StopReasonInput => ({
  finishReason: "stop",
  matchedStop: undefined,
  stopSequences: [],
  toolUseEmitted: false,
  sawDone: true,
  ...overrides,
});

const stopped = (unified: StopReason, raw: string | undefined, stopSequence: string | null = null) => ({
  kind: "stop",
  stopReason: { unified, raw },
  stopSequence,
});

describe("mapStopReason (docs/architecture.md §3)", () => {
  it("length → max_tokens, even when a tool block was emitted", () => {
    expect(mapStopReason(input({ finishReason: "length" }))).toEqual(stopped("max_tokens", "length"));
    expect(mapStopReason(input({ finishReason: "length", toolUseEmitted: true }))).toEqual(
      stopped("max_tokens", "length"),
    );
    expect(
      mapStopReason(input({ finishReason: "length", matchedStop: "END", stopSequences: ["END"] })),
    ).toEqual(stopped("max_tokens", "length"));
  });

  it("a cut tool call → max_tokens with length, else an error naming it (never a finished tool_use)", () => {
    const cutToolCall = 'the arguments of tool call "Bash" were cut off before they were complete';
    expect(mapStopReason(input({ finishReason: "length", toolUseEmitted: true, cutToolCall }))).toEqual(
      stopped("max_tokens", "length"),
    );
    for (const finishReason of ["stop", "tool_calls"]) {
      expect(mapStopReason(input({ finishReason, toolUseEmitted: true, cutToolCall }))).toEqual({
        kind: "error",
        errorType: "api_error",
        message: `${cutToolCall} (finish_reason ${JSON.stringify(finishReason)}); the call is not run`,
        raw: finishReason,
      });
    }
    expect(mapStopReason(input({ finishReason: undefined, cutToolCall }))).toMatchObject({
      message: `${cutToolCall} (no finish_reason); the call is not run`,
    });
    expect(mapStopReason(input({ finishReason: undefined, sawDone: false, cutToolCall }))).toMatchObject({
      message: `${cutToolCall} (the stream ended before a finish_reason); the call is not run`,
    });
    // An upstream error says what it says.
    expect(
      mapStopReason(input({ cutToolCall, upstreamError: { message: "engine down", status: 503 } })),
    ).toMatchObject({ kind: "error", errorType: "overloaded_error", message: "engine down" });
  });

  it("any tool_use emitted and finish not length → tool_use, whatever the upstream said", () => {
    for (const finishReason of ["stop", "tool_calls", "function_call", "content_filter"]) {
      expect(mapStopReason(input({ finishReason, toolUseEmitted: true }))).toEqual(
        stopped("tool_use", finishReason),
      );
    }
    // Bifrost #6123: finish_reason "stop" although a tool call was emitted.
    expect(
      mapStopReason(
        input({ finishReason: "stop", matchedStop: "END", stopSequences: ["END"], toolUseEmitted: true }),
      ),
    ).toEqual(stopped("tool_use", "stop"));
  });

  it("stop with a matched stop string from the request's stop_sequences → stop_sequence and the string", () => {
    const stopSequences = ["\n\nHuman:", "END"];
    expect(mapStopReason(input({ matchedStop: "END", stopSequences }))).toEqual(
      stopped("stop_sequence", "stop", "END"),
    );
    // SMG PR #1447: SGLang reports a matched string "5" as a string.
    expect(mapStopReason(input({ matchedStop: "5", stopSequences: ["5"] }))).toEqual(
      stopped("stop_sequence", "stop", "5"),
    );
  });

  it("stop with a stop token id or a string not in stop_sequences → end_turn", () => {
    // SGLang reports EOS as an int matched_stop (docs/protocol.md B6).
    expect(mapStopReason(input({ matchedStop: 5, stopSequences: ["5"] }))).toEqual(
      stopped("end_turn", "stop"),
    );
    expect(mapStopReason(input({ matchedStop: "<|im_end|>", stopSequences: ["END"] }))).toEqual(
      stopped("end_turn", "stop"),
    );
    expect(mapStopReason(input({ matchedStop: "", stopSequences: ["END"] }))).toEqual(
      stopped("end_turn", "stop"),
    );
  });

  it("stop (EOS) → end_turn", () => {
    expect(mapStopReason(input({ finishReason: "stop" }))).toEqual(stopped("end_turn", "stop"));
  });

  it("tool_calls (or legacy function_call) with every call dropped → end_turn", () => {
    expect(mapStopReason(input({ finishReason: "tool_calls" }))).toEqual(stopped("end_turn", "tool_calls"));
    expect(mapStopReason(input({ finishReason: "function_call" }))).toEqual(
      stopped("end_turn", "function_call"),
    );
  });

  it("only stop can become stop_sequence", () => {
    expect(
      mapStopReason(input({ finishReason: "tool_calls", matchedStop: "END", stopSequences: ["END"] })),
    ).toEqual(stopped("end_turn", "tool_calls"));
  });

  it("content_filter → refusal", () => {
    expect(mapStopReason(input({ finishReason: "content_filter" }))).toEqual(
      stopped("refusal", "content_filter"),
    );
  });

  it("[DONE] without any finish_reason → as stop, with no raw value", () => {
    expect(mapStopReason(input({ finishReason: undefined, sawDone: true }))).toEqual(
      stopped("end_turn", undefined),
    );
    expect(mapStopReason(input({ finishReason: undefined, toolUseEmitted: true }))).toEqual(
      stopped("tool_use", undefined),
    );
    expect(
      mapStopReason(input({ finishReason: undefined, matchedStop: "END", stopSequences: ["END"] })),
    ).toEqual(stopped("stop_sequence", undefined, "END"));
  });

  it("a body that ends after a finish_reason without [DONE] → as that finish reason", () => {
    expect(mapStopReason(input({ finishReason: "stop", sawDone: false }))).toEqual(
      stopped("end_turn", "stop"),
    );
    expect(mapStopReason(input({ finishReason: "length", sawDone: false }))).toEqual(
      stopped("max_tokens", "length"),
    );
    expect(
      mapStopReason(input({ finishReason: "tool_calls", sawDone: false, toolUseEmitted: true })),
    ).toEqual(stopped("tool_use", "tool_calls"));
  });

  it("a stream cut before any finish and without [DONE] → api_error saying so", () => {
    for (const toolUseEmitted of [false, true]) {
      const outcome = mapStopReason(input({ finishReason: undefined, sawDone: false, toolUseEmitted }));
      expect(outcome).toMatchObject({ kind: "error", errorType: "api_error", raw: undefined });
      expect(outcome.kind === "error" && outcome.message).toMatch(/ended before a finish reason/);
    }
  });

  it("an upstream error chunk → error with the upstream's message unmodified, whatever else happened", () => {
    const upstreamError = { message: "prompt is too long: 9000 tokens > 8192 maximum", status: 400 };
    expect(mapStopReason(input({ upstreamError }))).toEqual({
      kind: "error",
      errorType: "invalid_request_error",
      message: upstreamError.message,
      raw: "stop",
    });
    expect(
      mapStopReason(input({ finishReason: undefined, sawDone: false, toolUseEmitted: true, upstreamError })),
    ).toMatchObject({ kind: "error", message: upstreamError.message, raw: undefined });
    expect(mapStopReason(input({ upstreamError: { message: "" } }))).toMatchObject({
      kind: "error",
      errorType: "api_error",
      message: "the upstream reported an error",
    });
  });

  it("maps the error type from the upstream status, then its type, else api_error", () => {
    const errorType = (upstreamError: NonNullable<StopReasonInput["upstreamError"]>) => {
      const outcome = mapStopReason(input({ upstreamError }));
      return outcome.kind === "error" ? outcome.errorType : undefined;
    };
    const cases: [NonNullable<StopReasonInput["upstreamError"]>, ErrorType][] = [
      [{ message: "m", status: 400 }, "invalid_request_error"],
      [{ message: "m", status: 429 }, "rate_limit_error"],
      [{ message: "m", status: 503 }, "overloaded_error"],
      [{ message: "m", status: 529 }, "overloaded_error"],
      [{ message: "m", status: 500 }, "api_error"],
      [{ message: "m", status: 500, type: "overloaded_error" }, "api_error"],
      [{ message: "m", status: 404 }, "api_error"],
      [{ message: "m", type: "BadRequestError" }, "invalid_request_error"],
      [{ message: "m", type: "invalid_request_error" }, "invalid_request_error"],
      [{ message: "m", type: "rate_limit_exceeded" }, "rate_limit_error"],
      [{ message: "m", type: "overloaded_error" }, "overloaded_error"],
      [{ message: "m", type: "internal_error" }, "api_error"],
      [{ message: "m" }, "api_error"],
      // A status decides; the type name only counts without one.
      [{ message: "m", status: 500, type: "BadRequestError" }, "api_error"],
    ];
    for (const [upstreamError, expected] of cases)
      expect(errorType(upstreamError), JSON.stringify(upstreamError)).toBe(expected);
  });

  it("abort and error finishes → error, never end_turn", () => {
    for (const finishReason of ["abort", "error"]) {
      for (const toolUseEmitted of [false, true]) {
        const outcome = mapStopReason(input({ finishReason, toolUseEmitted }));
        expect(outcome).toMatchObject({ kind: "error", errorType: "api_error", raw: finishReason });
        expect(outcome.kind === "error" && outcome.message).toContain(finishReason);
      }
    }
  });

  it("any unknown finish value → error (docs/protocol.md B4), including prototype keys", () => {
    for (const finishReason of ["eos_token", "STOP", "", "__proto__", "constructor", "toString"]) {
      const outcome = mapStopReason(input({ finishReason, toolUseEmitted: true }));
      expect(outcome, finishReason).toMatchObject({
        kind: "error",
        errorType: "api_error",
        raw: finishReason,
      });
    }
  });
});

const STOP_REASONS = new Set<string>(["end_turn", "max_tokens", "stop_sequence", "tool_use", "refusal"]);
const ERROR_TYPES = new Set<string>([
  "invalid_request_error",
  "authentication_error",
  "billing_error",
  "permission_error",
  "not_found_error",
  "request_too_large",
  "rate_limit_error",
  "api_error",
  "timeout_error",
  "overloaded_error",
]);
const KNOWN_FINISHES = ["stop", "length", "tool_calls", "function_call", "content_filter"];

describe("mapStopReason over all inputs (fast-check)", () => {
  const words = fc.constantFrom("END", "5", "\n\nHuman:", "", "<|im_end|>", "__proto__");
  const inputs = fc.record(
    {
      finishReason: fc.option(
        fc.oneof(fc.constantFrom(...KNOWN_FINISHES, "abort", "error", "__proto__"), fc.string()),
        {
          nil: undefined,
        },
      ),
      matchedStop: fc.option(fc.oneof(words, fc.integer(), fc.string()), { nil: undefined }),
      stopSequences: fc.array(words, { maxLength: 3 }),
      toolUseEmitted: fc.boolean(),
      sawDone: fc.boolean(),
      upstreamError: fc.record(
        { message: fc.string(), type: fc.string(), status: fc.integer({ min: 100, max: 599 }) },
        { requiredKeys: ["message"] },
      ),
    },
    { requiredKeys: ["finishReason", "matchedStop", "stopSequences", "toolUseEmitted", "sawDone"] },
  );

  it("always gives a valid outcome, and never end_turn (or any stop) for an error or a cut stream", () => {
    fc.assert(
      fc.property(inputs, (value) => {
        const outcome = mapStopReason(value);
        const failed =
          value.upstreamError !== undefined ||
          (value.finishReason === undefined && !value.sawDone) ||
          (value.finishReason !== undefined && !KNOWN_FINISHES.includes(value.finishReason));
        if (outcome.kind === "error") {
          expect(failed).toBe(true);
          expect(ERROR_TYPES.has(outcome.errorType)).toBe(true);
          expect(outcome.message.length).toBeGreaterThan(0);
          expect(outcome.raw).toBe(value.finishReason);
          return;
        }
        expect(failed).toBe(false);
        expect(STOP_REASONS.has(outcome.stopReason.unified)).toBe(true);
        expect(outcome.stopReason.raw).toBe(value.finishReason);
        if (outcome.stopReason.unified === "stop_sequence") {
          expect(outcome.stopSequence).toBe(value.matchedStop);
          expect(value.stopSequences).toContain(outcome.stopSequence);
        } else {
          expect(outcome.stopSequence).toBeNull();
        }
        // tool_use exactly when a block was emitted and the limit did not cut the turn.
        expect(outcome.stopReason.unified === "tool_use").toBe(
          value.toolUseEmitted && value.finishReason !== "length",
        );
      }),
      { numRuns: 2000 },
    );
  });
});
