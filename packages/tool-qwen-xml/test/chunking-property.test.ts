import { createParserContext, createSegmenter, type JsonSchema } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { qwenXmlToolDialect } from "../src";

const tools: Record<string, JsonSchema> = {
  get_weather: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } },
  write_file: {
    type: "object",
    properties: { path: { type: "string" }, content: { type: "string" }, mode: { type: ["string", "null"] } },
  },
};

// Pieces of markup, near-markup and prose, so that generated streams hit every state and split point.
const vocabulary = [
  "<tool_call>",
  "</tool_call>",
  "<tool_c",
  "<function=get_weather>",
  "<function=write_file>",
  "<function=__proto__>",
  "<function={{ x }}>",
  "<function=",
  "</function>",
  "<parameter=city>",
  "<parameter=days>",
  "<parameter=content>",
  "<parameter=mode>",
  "<parameter=zz>",
  "<parameter=",
  "</parameter>",
  "</parameter1>",
  "</parameter",
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
  "\\",
  "é",
  "🌍",
  "&amp;",
];

const segmenter = (thinking: boolean) => (sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
  createSegmenter({
    tool: qwenXmlToolDialect(),
    ...(thinking ? { reasoning: qwen3ReasoningDialect() } : {}),
    context: createParserContext({ thinking, tools: Object.entries(tools) }),
    sink,
  });

// Streams of calls (well-formed and not: drifted or missing close tags, missing </function>, cut off)
// with values made of the vocabulary, between pieces of text.
const separator = fc.constantFrom("", "\n", " \n", "\n\n");
const parameter = fc
  .tuple(
    fc.constantFrom("city", "days", "content", "path", "mode", "zz", "__proto__"),
    separator,
    fc.array(fc.constantFrom(...vocabulary), { maxLength: 8 }).map((pieces) => pieces.join("")),
    separator,
    fc.constantFrom("</parameter>", "</parameter>", "</parameter>", "</parameter1>", "</parameter", ""),
    separator,
  )
  .map(([name, open, body, close, tag, after]) => `<parameter=${name}>${open}${body}${close}${tag}${after}`);
const call = fc
  .tuple(
    fc.constantFrom("<tool_call>\n", "<tool_call>", "\n", ""),
    fc.constantFrom("get_weather", "write_file", "other"),
    separator,
    fc.array(parameter, { maxLength: 4 }),
    fc.constantFrom(
      "</function>\n</tool_call>",
      "</function>\n</tool_call>",
      "</function>",
      "</tool_call>",
      "",
    ),
  )
  .map(
    ([open, name, afterName, parameters, close]) =>
      `${open}<function=${name}>${afterName}${parameters.join("")}${close}`,
  );
const callStream = fc
  .tuple(
    fc.array(fc.oneof(call, call, fc.constantFrom(...vocabulary)), { maxLength: 8 }),
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

  it("does so with qwen3 reasoning in front (thinking on)", () => {
    assertChunkingInvariance(segmenter(true), markupStream(vocabulary, 60), 300);
  });
});

// Value pieces that the structural rules keep literal: near-markup, balanced literal blocks, unicode.
// A nested `<parameter=…>` is led by prose: after a `</parameter>` (and whitespace) a new parameter
// name is a boundary whatever the schema says, so no value can hold that sequence.
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
    "</parameter1>",
    "see <parameter=zz>\ninner\n</parameter>",
    "<tool_call>\n<function=foo>\n<parameter=bar>baz</parameter>\n</function>\n</tool_call>",
    "<function=x>y</function>",
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
          const source = `${before}<tool_call>\n<function=write_file>\n<parameter=path>\n${path}\n</parameter>\n<parameter=content>\n${content}\n</parameter>\n</function>\n</tool_call>`;
          const result = segmentText({ tool: qwenXmlToolDialect(), tools }, cutAt(source, cuts));
          expect(result.problems).toEqual([]);
          expect(result.calls.map((call) => call.arguments)).toEqual([{ path, content }]);
          expect(result.warnings).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
