import { createParserContext, createSegmenter } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { deepseekV41ReasoningDialect } from "@sluice/reasoning-deepseek-v41";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CALL_BEGIN,
  CALL_END,
  CALLS_BEGIN,
  CALLS_END,
  deepseekV31ToolDialect,
  END_OF_SENTENCE,
  TOOL_SEP,
} from "../src";

// Pieces of markup, near-markup, JSON and prose, so that generated streams hit every state and split point.
const vocabulary = [
  CALLS_BEGIN,
  CALLS_END,
  CALL_BEGIN,
  CALL_END,
  TOOL_SEP,
  END_OF_SENTENCE,
  "<｜tool▁",
  "<｜",
  "function",
  "get_weather",
  "\n```json\n",
  "\n```",
  "```",
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
    tool: deepseekV31ToolDialect(),
    ...(thinking ? { reasoning: deepseekV41ReasoningDialect() } : {}),
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
const call = fc
  .tuple(
    fc.constantFrom("v3.1", "v3"),
    fc.constantFrom("get_weather", "function", "api.search", "bad name"),
    argumentsText,
    fc.constantFrom(CALL_END, CALL_END, ""),
  )
  .map(([variant, name, json, end]) =>
    variant === "v3"
      ? `${CALL_BEGIN}function${TOOL_SEP}${name}\n\`\`\`json\n${json}\n\`\`\`${end}`
      : `${CALL_BEGIN}${name}${TOOL_SEP}${json}${end}`,
  );
const callsStream = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.array(call, { maxLength: 3 }),
    fc.constantFrom(CALLS_END, ""),
    fc.constantFrom(END_OF_SENTENCE, "", " tail"),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([before, calls, end, after, cut]) => {
    const text = `${before}${CALLS_BEGIN}${calls.join("\n")}${end}${after}`;
    return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
  });

describe("chunking invariance (docs/architecture.md I3) and invariants", () => {
  it("gives the same segments in any chunking of generated calls", () => {
    assertChunkingInvariance(segmenter(false), callsStream, 400);
  });

  it("gives the same segments in any chunking of generated markup streams", () => {
    assertChunkingInvariance(segmenter(false), markupStream(vocabulary, 60), 400);
  });

  it("does so with deepseek_v41 reasoning in front (thinking on)", () => {
    assertChunkingInvariance(segmenter(true), markupStream(vocabulary, 60), 300);
    assertChunkingInvariance(segmenter(true), callsStream, 200);
  });
});

describe("arguments round-trip", () => {
  it("gives every strict JSON object back exactly, in any chunking, V3.1 and V3", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: "binary", maxLength: 8 }), fc.jsonValue({ stringUnit: "binary" })),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 10 }),
        (value, v3, cuts) => {
          const json = JSON.stringify(value, null, v3 ? 2 : undefined);
          const body = v3 ? `function${TOOL_SEP}f\n\`\`\`json\n${json}\n\`\`\`` : `f${TOOL_SEP}${json}`;
          const source = `Text.${CALLS_BEGIN}${CALL_BEGIN}${body}${CALL_END}${CALLS_END}${END_OF_SENTENCE}`;
          const result = segmentText({ tool: deepseekV31ToolDialect() }, cutAt(source, cuts));
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
