import { createParserContext, createSegmenter } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kimiK2ToolDialect } from "../src";

// Pieces of markup, near-markup, JSON and prose, so that generated streams hit every state and split point.
const vocabulary = [
  "<|tool_calls_section_begin|>",
  "<|tool_calls_section_end|>",
  "<|tool_call_section_begin|>",
  "<|tool_call_begin|>",
  "<|tool_call_argument_begin|>",
  "<|tool_call_end|>",
  "<|tool_call",
  "<|",
  "functions.get_weather:0",
  "functions.api.search:1",
  "get_weather:2",
  "functions.bad.0",
  "{",
  "}",
  '{"city": "Paris"}',
  '{"a": [1, {"b": null}], "c": true}',
  "{'a': True}",
  '"',
  '"x": ',
  ", ",
  "12",
  "\\",
  "\\u00e9",
  "<think>",
  "</think>",
  "\n",
  " ",
  "text",
  "é",
  "🌍",
];

const segmenter = (thinking: boolean) => (sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
  createSegmenter({
    tool: kimiK2ToolDialect(),
    ...(thinking ? { reasoning: qwen3ReasoningDialect() } : {}),
    context: createParserContext({ thinking }),
    sink,
  });

// Arguments: strict objects, near-JSON, `{…}{…}`, cut ones.
const argumentsText = fc.oneof(
  fc
    .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(
    "{'a': 'x', 'b': None}",
    '{"a": 1,}',
    '{"a": "say "hi""}',
    '{"a": 1}{"b": 2}',
    "{bad}",
    "[1]",
  ),
  fc.string({ maxLength: 12 }),
);
const whitespace = fc.constantFrom("", " ", "\n", " \n ");
const call = fc
  .tuple(
    fc.constantFrom("functions.get_weather:0", "functions.api.tools.search:7", "read:1", "bad.0"),
    whitespace,
    argumentsText,
    whitespace,
    fc.constantFrom("<|tool_call_end|>", "<|tool_call_end|>", ""),
  )
  .map(
    ([id, space, json, after, end]) =>
      `<|tool_call_begin|>${space}${id}${space}<|tool_call_argument_begin|>${space}${json}${after}${end}`,
  );
const sectionStream = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.array(call, { maxLength: 3 }),
    fc.constantFrom("<|tool_calls_section_end|>", ""),
    fc.string({ maxLength: 8 }),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([before, calls, end, after, cut]) => {
    const text = `${before}<|tool_calls_section_begin|>\n${calls.join("\n")}\n${end}${after}`;
    return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
  });

describe("chunking invariance (docs/architecture.md I3) and invariants", () => {
  it("gives the same segments in any chunking of generated sections", () => {
    assertChunkingInvariance(segmenter(false), sectionStream, 400);
  });

  it("gives the same segments in any chunking of generated markup streams", () => {
    assertChunkingInvariance(segmenter(false), markupStream(vocabulary, 60), 400);
  });

  it("does so with qwen3 reasoning in front (thinking on)", () => {
    assertChunkingInvariance(segmenter(true), markupStream(vocabulary, 60), 300);
    assertChunkingInvariance(segmenter(true), sectionStream, 200);
  });
});

describe("arguments round-trip", () => {
  it("gives every strict JSON object back exactly, in any chunking", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: "binary", maxLength: 8 }), fc.jsonValue({ stringUnit: "binary" })),
        fc.constantFrom(undefined, 2),
        fc.array(fc.nat(), { maxLength: 10 }),
        (value, indent, cuts) => {
          const json = JSON.stringify(value, null, indent);
          const source = `Text.<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>${json}<|tool_call_end|><|tool_calls_section_end|>`;
          const result = segmentText({ tool: kimiK2ToolDialect() }, cutAt(source, cuts));
          expect(result.problems).toEqual([]);
          expect(result.calls.map((entry) => entry.argumentsJson)).toEqual([json]);
          expect(result.warnings).toEqual([]);
          expect(result.content).toBe("Text.");
        },
      ),
      { numRuns: 300 },
    );
  });
});
