import { createParserContext, createSegmenter } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { mistralReasoningDialect } from "@sluice/reasoning-mistral";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mistralToolDialect } from "../src";

// Pieces of every form's markup, near-markup, JSON and prose, so that generated streams hit every state and split point.
const vocabulary = [
  "[TOOL_CALLS]",
  "[TOOL_",
  "[ARGS]",
  "[AR",
  "[CALL_ID]",
  "[CALL",
  "[THINK]",
  "[/THINK]",
  "get_weather",
  "ns.search-2",
  "abcDEF123",
  "[",
  "]",
  " [",
  "{",
  "}",
  '{"city": "Paris"}',
  '{"name": "f", "arguments": {"a": 1}}',
  '{"arguments": {}, "name": "g"}',
  '{"a": [1, {"b": null}], "c": true}',
  "{'a': True}",
  '"',
  ", ",
  "12",
  "\\",
  "\n",
  " ",
  "text",
  "é",
  "🌍",
];

const segmenter = (thinking: boolean) => (sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
  createSegmenter({
    tool: mistralToolDialect(),
    ...(thinking ? { reasoning: mistralReasoningDialect() } : {}),
    context: createParserContext({ thinking }),
    sink,
  });

// Arguments: strict objects, near-JSON, `{…}{…}`, cut ones.
const argumentsText = fc.oneof(
  fc
    .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom("{'a': 'x', 'b': None}", '{"a": 1,}', '{"a": 1}{"b": 2}', "{bad}", "{"),
);
const compactCall = fc
  .tuple(
    fc.constantFrom("get_weather", "ns.tool-2", "f"),
    fc.constantFrom("[ARGS]", "[CALL_ID]abcDEF123[ARGS]", ""),
    argumentsText,
  )
  .map(([name, middle, json]) => `[TOOL_CALLS]${name}${middle}${json}`);
const listCall = fc
  .tuple(fc.constantFrom("f", "get_weather"), argumentsText, fc.boolean())
  .map(([name, json, nameFirst]) =>
    nameFirst ? `{"name": "${name}", "arguments": ${json}}` : `{"arguments": ${json}, "name": "${name}"}`,
  );
const callStream = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.oneof(
      fc.array(compactCall, { maxLength: 3 }).map((calls) => calls.join("")),
      fc.array(listCall, { maxLength: 3 }).map((calls) => `[TOOL_CALLS] [${calls.join(", ")}]`),
    ),
    fc.string({ maxLength: 8 }),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([before, calls, after, cut]) => {
    const text = `${before}${calls}${after}`;
    return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
  });

describe("chunking invariance (docs/architecture.md I3) and invariants", () => {
  it("gives the same segments in any chunking of generated calls of every form", () => {
    assertChunkingInvariance(segmenter(false), callStream, 400);
  });

  it("gives the same segments in any chunking of generated markup streams", () => {
    assertChunkingInvariance(segmenter(false), markupStream(vocabulary, 60), 400);
  });

  it("does so with mistral reasoning in front (thinking on)", () => {
    assertChunkingInvariance(segmenter(true), markupStream(vocabulary, 60), 300);
    assertChunkingInvariance(segmenter(true), callStream, 200);
  });
});

describe("arguments round-trip", () => {
  it("gives every strict JSON object back exactly, streamed, in any chunking", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: "binary", maxLength: 8 }), fc.jsonValue({ stringUnit: "binary" })),
        fc.constantFrom(undefined, 2),
        fc.array(fc.nat(), { maxLength: 10 }),
        (value, indent, cuts) => {
          const json = JSON.stringify(value, null, indent);
          const source = `Text.[TOOL_CALLS]f[ARGS]${json}`;
          const result = segmentText({ tool: mistralToolDialect() }, cutAt(source, cuts));
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
