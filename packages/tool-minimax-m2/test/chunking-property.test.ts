import { createParserContext, createSegmenter, type JsonSchema } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { deepseekR1ReasoningDialect } from "@sluice/reasoning-deepseek-r1";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { minimaxM2ToolDialect } from "../src";

const tools: Record<string, JsonSchema> = {
  get_weather: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } },
  write_file: {
    type: "object",
    properties: { path: { type: "string" }, content: { type: "string" }, mode: { type: ["string", "null"] } },
  },
};

// Pieces of markup, near-markup and prose, so that generated streams hit every state and split point.
const vocabulary = [
  "<minimax:tool_call>",
  "</minimax:tool_call>",
  "<minimax:tool_c",
  '<invoke name="get_weather">',
  "<invoke name='write_file'>",
  "<invoke name=other>",
  '<invoke name="__proto__">',
  '<invoke name="{{ x }}">',
  "<invoke>",
  "<invoke name=",
  "</invoke>",
  '<parameter name="city">',
  '<parameter name="days">',
  "<parameter name='content'>",
  '<parameter name="mode">',
  "<parameter name=zz>",
  "<parameter name=",
  "</parameter>",
  "</param",
  "<think>",
  "</think>",
  "\n",
  "\n\n",
  " ",
  "\t",
  "text",
  "null",
  "42",
  "{'a': 1}",
  "<",
  ">",
  '"',
  "'",
  "\\",
  "é",
  "🌍",
  "&amp;",
];

const segmenter = (thinking: boolean) => (sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
  createSegmenter({
    tool: minimaxM2ToolDialect(),
    ...(thinking ? { reasoning: deepseekR1ReasoningDialect() } : {}),
    context: createParserContext({ thinking, tools: Object.entries(tools) }),
    sink,
  });

// Streams of blocks (well-formed and not: missing close tags, cut off) with values made of the
// vocabulary, between pieces of text.
const separator = fc.constantFrom("", "\n", " \n", "\n\n");
const parameter = fc
  .tuple(
    fc.constantFrom("city", "days", "content", "path", "mode", "zz", "__proto__"),
    fc.array(fc.constantFrom(...vocabulary), { maxLength: 8 }).map((pieces) => pieces.join("")),
    fc.constantFrom("</parameter>", "</parameter>", "</parameter>", "</param", ""),
    separator,
  )
  .map(([name, body, tag, after]) => `<parameter name="${name}">${body}${tag}${after}`);
const invoke = fc
  .tuple(
    fc.constantFrom("get_weather", "write_file", "other"),
    separator,
    fc.array(parameter, { maxLength: 4 }),
    fc.constantFrom("</invoke>\n", "</invoke>", ""),
  )
  .map(
    ([name, afterName, parameters, close]) =>
      `<invoke name="${name}">${afterName}${parameters.join("")}${close}`,
  );
const block = fc
  .tuple(
    fc.constantFrom("<minimax:tool_call>\n", "<minimax:tool_call>", ""),
    fc.array(invoke, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("</minimax:tool_call>", "</minimax:tool_call>", ""),
  )
  .map(([open, invokes, close]) => `${open}${invokes.join("")}${close}`);
const blockStream = fc
  .tuple(
    fc.array(fc.oneof(block, block, fc.constantFrom(...vocabulary)), { maxLength: 8 }),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([parts, cut]) => {
    const text = parts.join("");
    return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
  });

describe("chunking invariance (docs/architecture.md I3) and invariants", () => {
  it("gives the same segments in any chunking of generated blocks", () => {
    assertChunkingInvariance(segmenter(false), blockStream, 400);
  });

  it("gives the same segments in any chunking of generated markup streams", () => {
    assertChunkingInvariance(segmenter(false), markupStream(vocabulary, 60), 400);
  });

  it("does so with deepseek_r1 reasoning in front (preset minimax-m2)", () => {
    assertChunkingInvariance(segmenter(true), blockStream, 300);
    assertChunkingInvariance(segmenter(true), markupStream(vocabulary, 60), 300);
  });
});

// Value pieces that the structural rules keep literal: near-markup, balanced literal blocks, unicode.
// A nested `<parameter name=…>` and a lone `</invoke>` or `</minimax:tool_call>` are led by prose: after a
// `</parameter>` (and whitespace) they are boundaries, so no value can hold those sequences.
const valuePiece = fc.oneof(
  fc.constantFrom(
    "<",
    "</",
    "<b>",
    "</b>",
    "<think>",
    "</think>",
    "&lt;",
    "</parameter>",
    "x</invoke> x",
    "x</minimax:tool_call> x",
    'see <parameter name="zz">inner</parameter>',
    '<minimax:tool_call>\n<invoke name="foo">\n<parameter name="bar">baz</parameter>\n</invoke>\n</minimax:tool_call>',
    '<invoke name="x">y</invoke>',
    "\n",
    "\r\n",
    " ",
    '"',
    "\\",
    "null",
    "🌍",
    "é",
  ),
  fc.string({ unit: "grapheme", maxLength: 8 }).filter((text) => !text.includes("<")),
);
const value = fc.array(valuePiece, { maxLength: 12 }).map((pieces) => pieces.join(""));

describe("string values round-trip", () => {
  it("gives every generated value back exactly, in any chunking", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 10 }).filter((text) => !text.includes("<")),
        value,
        value,
        fc.array(fc.nat(), { maxLength: 10 }),
        (before, path, content, cuts) => {
          const source = `${before}<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="path">${path}</parameter>\n<parameter name="content">${content}</parameter>\n</invoke>\n</minimax:tool_call>`;
          const result = segmentText({ tool: minimaxM2ToolDialect(), tools }, cutAt(source, cuts));
          expect(result.problems).toEqual([]);
          expect(result.calls.map((call) => call.arguments)).toEqual([{ path, content }]);
          expect(result.warnings).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
