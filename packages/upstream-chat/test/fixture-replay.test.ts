import { createParserContext, type Segment } from "@sluice/core";
import { checkSegmentInvariants, createRandom, normalizeSegments, summarize } from "@sluice/core/testkit";
import { createToolCallMerger } from "@sluice/tool-call-merger";
import { describe, expect, it } from "vitest";
import { createUpstreamDecoder, type UpstreamDelta } from "../src";
import { loadChunkFixture, toSseBody } from "./chunk-fixtures";
import { byteLength, splitBytes } from "./decode-body";

interface Replay {
  readonly segments: Segment[];
  readonly finishReason: string | undefined;
  readonly matchedStop: string | number | undefined;
  readonly usage: UpstreamDelta["usage"];
  readonly done: boolean;
}

/**
 * Upstream bytes → decoder → merger, as the pipeline wires them (without a content segmenter: the
 * content is passed on as text, so raw markup stays visible here).
 */
function replay(pieces: readonly Uint8Array[]): Replay {
  const segments: Segment[] = [];
  const merger = createToolCallMerger(createParserContext({ thinking: false }), (segment) =>
    segments.push(segment),
  );
  let finishReason: string | undefined;
  let matchedStop: string | number | undefined;
  let usage: UpstreamDelta["usage"];
  let done = false;
  const decoder = createUpstreamDecoder((delta) => {
    if (delta.reasoning !== undefined) merger.segment({ type: "reasoning", text: delta.reasoning });
    if (delta.content !== undefined) merger.segment({ type: "text", text: delta.content });
    if (delta.toolCallFragments) merger.fragments(delta.toolCallFragments);
    finishReason = delta.finishReason ?? finishReason;
    matchedStop = delta.matchedStop ?? matchedStop;
    usage = delta.usage ?? usage;
    done ||= delta.done === true;
    expect(delta.error).toBeUndefined();
  });
  for (const piece of pieces) decoder.push(piece);
  decoder.end();
  merger.end();
  return { segments: normalizeSegments(segments), finishReason, matchedStop, usage, done };
}

function replayEverywhere(name: string): Replay {
  const body = toSseBody(loadChunkFixture(name).lines);
  const reference = replay(splitBytes(body, []));
  expect(checkSegmentInvariants(reference.segments)).toEqual([]);
  const length = byteLength(body);
  for (let seed = 1; seed <= 12; seed++) {
    const random = createRandom(seed);
    const cuts = Array.from({ length: seed * 3 }, () => Math.floor(random() * (length + 1)));
    expect(replay(splitBytes(body, cuts)), `cuts ${cuts.join(",")}`).toEqual(reference);
  }
  expect(
    replay(
      splitBytes(
        body,
        Array.from({ length }, (_, index) => index),
      ),
    ),
  ).toEqual(reference);
  return reference;
}

describe("recorded streams through decoder and merger", () => {
  it("vllm-tool-parser: reasoning, text, then both calls in order, with their upstream ids", () => {
    const result = replayEverywhere("vllm-tool-parser");
    expect(result.segments.map((segment) => segment.type)).toEqual([
      "reasoning",
      "text",
      "tool-call-start",
      "tool-call-delta",
      "tool-call-end",
      "tool-call-start",
      "tool-call-delta",
      "tool-call-end",
    ]);
    expect(summarize(result.segments)).toMatchObject({
      reasoning: "The user wants the weather in Paris and Berlin.",
      content: "I'll check both cities.",
      calls: [
        {
          name: "get_weather",
          upstreamId: "chatcmpl-tool-5b1e8f0a9c2d4e7b",
          arguments: { city: "Paris", unit: "celsius" },
        },
        {
          name: "get_weather",
          upstreamId: "chatcmpl-tool-0c7d2e4f6a8b1c3d",
          arguments: { city: "Berlin", unit: "celsius" },
        },
      ],
    });
    expect(result).toMatchObject({ finishReason: "tool_calls", done: true, usage: { cachedTokens: 384 } });
  });

  it("vllm-qwen3-xml-repeated-id: one call, not one per fragment", () => {
    const result = replayEverywhere("vllm-qwen3-xml-repeated-id");
    expect(summarize(result.segments).calls).toEqual([
      expect.objectContaining({ name: "bash", arguments: { command: "ls -la /tmp" } }),
    ]);
  });

  it("vllm-qwen3-raw-content: the raw content, markup included, for the segmenter", () => {
    const result = replayEverywhere("vllm-qwen3-raw-content");
    expect(summarize(result.segments)).toMatchObject({
      reasoning: null,
      content:
        "<think>\nThe user asks about the café in Zürich — 中文 too 🙂.\n</think>\n\nCafé Odéon is on Limmatquai 🏛️.",
      calls: [],
    });
    expect(result).toMatchObject({
      finishReason: "stop",
      matchedStop: undefined,
      usage: { promptTokens: 31, completionTokens: 47 },
    });
  });

  it("sglang: reasoning_content, content and a matched stop string", () => {
    const result = replayEverywhere("sglang");
    expect(summarize(result.segments)).toMatchObject({
      reasoning: "Count to five, then stop at the marker.",
      content: "1, 2, 3, 4, 5\nDone ✓",
    });
    expect(result).toMatchObject({ finishReason: "stop", matchedStop: "Observation:", done: true });
  });

  it("llama-cpp: reasoning_content, then one streamed call", () => {
    const result = replayEverywhere("llama-cpp");
    expect(summarize(result.segments)).toMatchObject({
      reasoning: "I should read the file first.",
      calls: [
        {
          name: "read_file",
          upstreamId: "Xk3pQ9rT2vW8yZ1aB4cD6eF7gH0jK5mN",
          arguments: { path: "src/main.rs", limit: 200 },
        },
      ],
    });
    expect(result).toMatchObject({
      finishReason: "tool_calls",
      usage: { promptTokens: 356, completionTokens: 41 },
    });
  });

  it("ollama: reasoning, then two whole calls", () => {
    const result = replayEverywhere("ollama");
    expect(summarize(result.segments)).toMatchObject({
      reasoning: "Okay, two lookups.",
      content: null,
      calls: [
        { name: "get_time", upstreamId: "call_k2v9x1qz", arguments: { zone: "Europe/Paris" } },
        { name: "get_time", upstreamId: "call_p8m3n7rw", arguments: { zone: "Asia/Tokyo" } },
      ],
    });
    expect(result).toMatchObject({
      finishReason: "tool_calls",
      usage: { promptTokens: 188, completionTokens: 64 },
    });
  });
});
