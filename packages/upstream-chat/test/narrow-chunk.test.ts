import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeChunkWithSchema, narrowChunk, type UpstreamDelta } from "../src";
import { loadChunkFixtures } from "./chunk-fixtures";

/** Both decoders either agree exactly or both reject the chunk (messages differ: paths vs a tree). */
function expectAgreement(json: unknown): UpstreamDelta[] {
  const narrowed = narrowChunk(json);
  const decoded = decodeChunkWithSchema(json);
  const rejected = (deltas: UpstreamDelta[]) =>
    deltas.length === 1 && deltas[0]?.error?.type === "invalid_upstream_chunk";
  if (rejected(decoded) || rejected(narrowed)) {
    expect({ json, narrowed: rejected(narrowed) }).toEqual({ json, narrowed: rejected(decoded) });
    return narrowed;
  }
  expect(narrowed).toEqual(decoded);
  return narrowed;
}

const base = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "m" };
const withChoice = (choice: Record<string, unknown>) => ({ ...base, choices: [{ index: 0, ...choice }] });

/** Realistic chunks beyond the fixtures: the shapes docs/protocol.md B lists. */
const corpus: unknown[] = [
  withChoice({ delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null }),
  withChoice({ delta: {}, finish_reason: "stop", stop_reason: "</answer>" }),
  withChoice({ delta: {}, finish_reason: "stop", stop_reason: 151645 }),
  withChoice({ delta: { content: "" }, finish_reason: "length", stop_reason: null }),
  withChoice({ delta: {}, finish_reason: "stop", matched_stop: 20 }),
  withChoice({ delta: {}, finish_reason: "stop", matched_stop: "5" }),
  withChoice({ delta: { content: "x", reasoning_content: "y" }, finish_reason: "stop" }),
  withChoice({ delta: { reasoning: "", reasoning_content: "r" } }),
  withChoice({ delta: null, finish_reason: "content_filter" }),
  withChoice({
    delta: {
      tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: '{"a":1}' } }],
    },
  }),
  withChoice({ delta: { tool_calls: [{ index: 0, function: { arguments: '"}' } }] } }),
  withChoice({ delta: { tool_calls: [{ index: 0, id: "functions.Bash:0", function: { name: "Bash" } }] } }),
  { ...base, choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } },
  { ...base, choices: [], usage: { prompt_tokens: 1, prompt_tokens_details: { cached_tokens: 1 } } },
  { ...base, choices: [{ index: 1, delta: { content: "n=2" } }] },
  { choices: [{ delta: { content: "minimal" } }] },
  {
    ...base,
    choices: [{ index: 0, delta: { content: "extra" }, timings: {}, logprobs: { content: [] } }],
    x: 1,
  },
  { error: { message: "boom", type: "internal_error", code: 500 } },
  { object: "error", message: "flat", type: "BadRequestError", code: 400 },
  // Rejected by both:
  withChoice({ delta: { content: 5 } }),
  withChoice({ delta: { tool_calls: {} } }),
  withChoice({ delta: { tool_calls: [{ index: "0" }] } }),
  withChoice({ finish_reason: 1 }),
  withChoice({ stop_reason: true }),
  { ...base, choices: {} },
  { ...base, created: "yesterday" },
  { ...base, usage: { prompt_tokens: "1" } },
  [],
  "text",
  null,
  42,
];

describe("narrowChunk agrees with the effect Schema decode", () => {
  for (const fixture of loadChunkFixtures())
    it(`on every chunk of ${fixture.name}`, () => {
      for (const line of fixture.lines) {
        const deltas = expectAgreement(JSON.parse(line));
        expect(deltas.some((delta) => delta.error)).toBe(false);
      }
    });

  it("on the realistic corpus, including chunks both reject", () => {
    for (const json of corpus) expectAgreement(json);
  });

  it("on generated chunks with fields of any JSON type (fast-check)", () => {
    const anyValue = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.string({ maxLength: 4 }),
      fc.integer(),
      fc.boolean(),
      fc.constant([]),
      fc.constant({}),
    );
    const maybe = <T>(valid: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: anyValue });
    const optionalString = maybe(
      fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 6 })),
    );
    const optionalNumber = maybe(fc.oneof(fc.constant(undefined), fc.constant(null), fc.nat(3)));
    const stopMatch = maybe(fc.oneof(fc.constant(null), fc.string({ maxLength: 3 }), fc.nat(99)));
    const toolCall = maybe(
      fc.record(
        {
          index: optionalNumber,
          id: optionalString,
          type: optionalString,
          function: maybe(
            fc.record({ name: optionalString, arguments: optionalString }, { requiredKeys: [] }),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    const delta = maybe(
      fc.record(
        {
          role: optionalString,
          content: optionalString,
          reasoning: optionalString,
          reasoning_content: optionalString,
          tool_calls: maybe(fc.oneof(fc.constant(null), fc.array(toolCall, { maxLength: 3 }))),
        },
        { requiredKeys: [] },
      ),
    );
    const choice = maybe(
      fc.record(
        {
          index: optionalNumber,
          delta,
          finish_reason: optionalString,
          stop_reason: stopMatch,
          matched_stop: stopMatch,
        },
        { requiredKeys: [] },
      ),
    );
    const usage = maybe(
      fc.record(
        {
          prompt_tokens: optionalNumber,
          completion_tokens: optionalNumber,
          total_tokens: optionalNumber,
          prompt_tokens_details: maybe(fc.record({ cached_tokens: optionalNumber }, { requiredKeys: [] })),
          completion_tokens_details: maybe(
            fc.record({ reasoning_tokens: optionalNumber }, { requiredKeys: [] }),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    const chunk = fc.record(
      {
        id: optionalString,
        object: optionalString,
        created: optionalNumber,
        model: optionalString,
        choices: maybe(fc.array(choice, { maxLength: 2 })),
        usage,
      },
      { requiredKeys: [] },
    );
    // JSON round trip: chunks come from JSON.parse, where undefined cannot occur.
    fc.assert(
      fc.property(chunk, (value) => void expectAgreement(JSON.parse(JSON.stringify(value)))),
      {
        numRuns: 500,
      },
    );
  });
});

describe("narrowChunk", () => {
  it("reads an error object before anything else", () => {
    expect(
      narrowChunk({ error: { message: "boom", code: 503 }, choices: [{ delta: { content: "x" } }] }),
    ).toEqual([{ error: { message: "boom", code: 503, status: 503 } }]);
  });

  it("ignores `error: null` (some servers send it on every chunk)", () => {
    expect(narrowChunk({ error: null, choices: [{ delta: { content: "x" } }] })).toEqual([{ content: "x" }]);
  });

  it("names the path of a field with the wrong type", () => {
    const [delta] = narrowChunk(withChoice({ delta: { tool_calls: [{ function: { arguments: {} } }] } }));
    expect(delta?.error?.message).toContain("choices[0].delta.tool_calls[0].function.arguments");
  });
});
