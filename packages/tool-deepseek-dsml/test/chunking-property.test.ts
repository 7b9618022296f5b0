import { createParserContext, createSegmenter, type JsonSchema } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { deepseekV41ReasoningDialect } from "@sluice/reasoning-deepseek-v41";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepseekDsmlToolDialect } from "../src";

const D = "｜DSML｜";
const EOS = "<｜end▁of▁sentence｜>";

const tools: Record<string, JsonSchema> = {
  get_weather: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } },
  write_file: {
    type: "object",
    properties: { path: { type: "string" }, content: { type: "string" }, mode: { type: ["string", "null"] } },
  },
};

// Pieces of markup, near-markup and prose, so that generated streams hit every state and split point.
const vocabulary = [
  `<${D}function_calls>`,
  `<${D}tool_calls>`,
  `<${D} calls>`,
  `</${D}function_calls>`,
  `</${D}tool_calls>`,
  `</${D} calls>`,
  `<${D}invoke name="get_weather">`,
  `<${D} invoke name="write_file">`,
  `<${D}invoke name="">`,
  `<${D}invoke name="{{ x }}">`,
  `</${D}invoke>`,
  `<${D}parameter name="city" string="true">`,
  `<${D}parameter name="days" string="false">`,
  `<${D} parameter name="content" string="true">`,
  `<${D}parameter name="mode">`,
  `<${D}parameter name="zz" string="false">`,
  `</${D}parameter>`,
  `</${D} parameter>`,
  `<${D}`,
  `</${D}`,
  `<${D}invoke name="get`,
  "<｜",
  "｜",
  EOS,
  "<｜end▁of",
  "<think>",
  "</think>",
  "{",
  "}",
  '{"a": 1}',
  "\n",
  "\n\n",
  " ",
  "text",
  "null",
  "42",
  "<",
  ">",
  '"',
  "\\",
  "é",
  "🌍",
];

const segmenter = (thinking: boolean) => (sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
  createSegmenter({
    tool: deepseekDsmlToolDialect(),
    ...(thinking ? { reasoning: deepseekV41ReasoningDialect() } : {}),
    context: createParserContext({ thinking, tools: Object.entries(tools) }),
    sink,
  });

// Streams of blocks (well-formed and not: missing closes, spaced V4.1 tags, cut off) with values made of the
// vocabulary, between pieces of text.
const separator = fc.constantFrom("", "\n", " \n", "\n\n");
const space = fc.constantFrom("", " ");
const parameter = fc
  .tuple(
    fc.constantFrom("city", "days", "content", "path", "mode", "zz"),
    fc.constantFrom(' string="true"', ' string="false"', ""),
    space,
    fc.array(fc.constantFrom(...vocabulary), { maxLength: 6 }).map((pieces) => pieces.join("")),
    fc.constantFrom("</｜DSML｜parameter>", "</｜DSML｜ parameter>", "</｜DSML｜parameter>", ""),
    separator,
  )
  .map(
    ([name, string, gap, body, close, after]) =>
      `<${D}${gap}parameter name="${name}"${string}>${body}${close}${after}`,
  );
const invoke = fc
  .tuple(
    fc.constantFrom("get_weather", "write_file", "other", ""),
    space,
    separator,
    fc.array(parameter, { maxLength: 3 }),
    fc.constantFrom(`</${D}invoke>\n`, `</${D} invoke>\n`, ""),
  )
  .map(
    ([name, gap, after, parameters, close]) =>
      `<${D}${gap}invoke name="${name}">${after}${parameters.join("")}${close}`,
  );
const block = fc
  .tuple(
    fc.constantFrom("function_calls", "tool_calls", " calls", ""),
    fc.array(invoke, { minLength: 1, maxLength: 3 }),
    fc.constantFrom(true, true, false),
    fc.constantFrom("", EOS),
  )
  .map(([name, invokes, closed, end]) =>
    name === ""
      ? `${invokes.join("")}${end}`
      : `<${D}${name}>\n${invokes.join("")}${closed ? `</${D}${name}>` : ""}${end}`,
  );
const callStream = fc
  .tuple(
    fc.array(fc.oneof(block, block, fc.constantFrom(...vocabulary)), { maxLength: 6 }),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([parts, cut]) => {
    const text = parts.join("");
    return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
  });

describe("chunking invariance (docs/architecture.md I3) and invariants", () => {
  it("gives the same segments in any chunking of generated calls", () => {
    assertChunkingInvariance(segmenter(false), callStream, 400);
  });

  it("gives the same segments in any chunking of generated markup streams", () => {
    assertChunkingInvariance(segmenter(false), markupStream(vocabulary, 60), 400);
  });

  it("does so with deepseek_v41 reasoning in front (thinking on)", () => {
    assertChunkingInvariance(segmenter(true), callStream, 300);
    assertChunkingInvariance(segmenter(true), markupStream(vocabulary, 60), 300);
  });
});

// Value pieces that the structural rules keep literal: near-markup, balanced literal blocks, unicode.
const valuePiece = fc.oneof(
  fc.constantFrom(
    "<",
    "</",
    "<｜",
    `<${D}`,
    `</${D}`,
    `</${D}parameter> in prose`,
    `</${D}invoke> in prose`,
    `<${D}tool_calls>\n<${D}invoke name="f">\n<${D}parameter name="p" string="true">x</${D}parameter>\n</${D}invoke>\n</${D}tool_calls>`,
    `${EOS} then more`,
    "<think>",
    "</think>",
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
        fc.constantFrom("", " "),
        fc.array(fc.nat(), { maxLength: 10 }),
        (before, path, content, gap, cuts) => {
          const source = `${before}<${D}${gap}tool_calls>\n<${D}${gap}invoke name="write_file">\n<${D}${gap}parameter name="path" string="true">${path}</${D}${gap}parameter>\n<${D}${gap}parameter name="content" string="true">${content}</${D}${gap}parameter>\n</${D}${gap}invoke>\n</${D}${gap}tool_calls>`;
          const result = segmentText({ tool: deepseekDsmlToolDialect(), tools }, cutAt(source, cuts));
          expect(result.problems).toEqual([]);
          expect(result.calls.map((call) => call.arguments)).toEqual([{ path, content }]);
          expect(result.warnings).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
