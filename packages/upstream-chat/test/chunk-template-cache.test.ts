import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createUpstreamDecoder, narrowChunk, type UpstreamDelta } from "../src";
import { ChunkTemplateCache, NO_DELTA } from "../src/chunk-template-cache";

const decodeAll = (events: readonly string[]): UpstreamDelta[] => {
  const deltas: UpstreamDelta[] = [];
  const decoder = createUpstreamDecoder((delta) => deltas.push(delta));
  for (const event of events) decoder.push(`data: ${event}\n\n`);
  decoder.end();
  return deltas;
};

/** The slow path alone: JSON.parse + narrowChunk for every line. */
const slowPath = (events: readonly string[]): UpstreamDelta[] =>
  events.flatMap((event) => narrowChunk(JSON.parse(event)));

const vllmChunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null, stop_reason: null, ...extra }],
    usage: null,
  });

describe("the chunk template fast path", () => {
  it("decodes a repeated chunk shape by parsing only its string", () => {
    const cache = new ChunkTemplateCache();
    const first = vllmChunk({ content: "Hello" });
    expect(cache.match(first)).toBeUndefined();
    cache.learn(first, narrowChunk(JSON.parse(first)));
    expect(cache.match(vllmChunk({ content: ' "quoted" \\ \n é 😀' }))).toEqual({
      content: ' "quoted" \\ \n é 😀',
    });
    expect(cache.match(vllmChunk({ content: "" }))).toBe(NO_DELTA);
    // Same prefix and suffix, but the middle is not one string token: the slow path decides.
    expect(cache.match(vllmChunk({ content: "a" }).replace('"a"', '"a","tool_calls":[]'))).toBeUndefined();
    expect(cache.match(vllmChunk({ content: "a" }, { finish_reason: "stop" }))).toBeUndefined();
  });

  it("decodes a parsing server's argument fragments by parsing only their string, index kept", () => {
    const cache = new ChunkTemplateCache();
    const fragment = (index: number, value: string) =>
      vllmChunk({ tool_calls: [{ index, function: { arguments: value } }] });
    cache.learn(fragment(1, "{"), narrowChunk(JSON.parse(fragment(1, "{"))));
    expect(cache.match(fragment(1, '"pa"th"'))).toEqual({
      toolCallFragments: [{ index: 1, arguments: '"pa"th"' }],
    });
    expect(cache.match(fragment(1, ""))).toEqual({ toolCallFragments: [{ index: 1, arguments: "" }] });
    // Another call's index is another template; a fragment with an id or name is not learned.
    expect(cache.match(fragment(0, "x"))).toBeUndefined();
    const head = vllmChunk({ tool_calls: [{ index: 2, id: "c", function: { name: "f", arguments: "" } }] });
    cache.learn(head, narrowChunk(JSON.parse(head)));
    expect(
      cache.match(
        vllmChunk({ tool_calls: [{ index: 2, id: "c", function: { name: "f", arguments: "y" } }] }),
      ),
    ).toBeUndefined();
  });

  it("does not learn a chunk whose reasoning names both carry text (which wins depends on both)", () => {
    const cache = new ChunkTemplateCache();
    const both = vllmChunk({ reasoning: "abc", reasoning_content: "abc" });
    cache.learn(both, narrowChunk(JSON.parse(both)));
    expect(cache.match(vllmChunk({ reasoning: "abc", reasoning_content: "xyz" }))).toBeUndefined();
  });

  it("gives exactly what the slow path gives, for any sequence of chunks (property)", () => {
    const text = fc.oneof(fc.string(), fc.constantFrom("", "<think>", '"', "\\", "\u2028", "</tool_call>"));
    const chunk = fc.oneof(
      text.map((value) => vllmChunk({ content: value })),
      text.map((value) => vllmChunk({ reasoning: value })),
      text.map((value) => vllmChunk({ reasoning_content: value })),
      fc.tuple(text, text).map(([a, b]) => vllmChunk({ reasoning: a, reasoning_content: b })),
      fc.tuple(text, text).map(([a, b]) => vllmChunk({ reasoning: a, content: b })),
      text.map((value) => vllmChunk({ content: value }, { finish_reason: "stop" })),
      text.map((value) =>
        vllmChunk({ content: null, tool_calls: [{ index: 0, function: { arguments: value } }] }),
      ),
      fc
        .tuple(fc.nat(1), text)
        .map(([index, value]) => vllmChunk({ tool_calls: [{ index, function: { arguments: value } }] })),
      text.map((value) =>
        vllmChunk({
          tool_calls: [{ index: 0, id: "c", type: "function", function: { name: "f", arguments: value } }],
        }),
      ),
      text.map((value) =>
        vllmChunk({
          tool_calls: [
            { index: 0, function: { arguments: value } },
            { index: 1, function: { arguments: value } },
          ],
        }),
      ),
      text.map((value) => JSON.stringify({ id: value, choices: [{ index: 0, delta: { content: value } }] })),
    );
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 30 }), (events) => {
        expect(decodeAll(events)).toEqual([...slowPath(events)]);
      }),
      { numRuns: 300 },
    );
  });
});
