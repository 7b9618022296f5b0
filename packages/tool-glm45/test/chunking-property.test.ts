import { createParserContext, createSegmenter, type JsonSchema } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { glm45ToolDialect, glm47ToolDialect } from "../src";

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
  "get_weather",
  "write_file",
  "__proto__",
  "{{ x }}",
  "<arg_key>",
  "</arg_key>",
  "<arg_key>city</arg_key>",
  "<arg_key>days</arg_key>",
  "<arg_key>content</arg_key>",
  "<arg_key>mode</arg_key>",
  "<arg_key>zz</arg_key>",
  "<arg_k",
  "<arg_value>",
  "</arg_value>",
  "</arg_val",
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

const segmenter =
  (tool: typeof glm45ToolDialect, thinking: boolean) =>
  (sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
    createSegmenter({
      tool: tool(),
      ...(thinking ? { reasoning: qwen3ReasoningDialect() } : {}),
      context: createParserContext({ thinking, tools: Object.entries(tools) }),
      sink,
    });

// Streams of calls in both layouts (well-formed and not: missing close tags, keys without values, cut off)
// with values made of the vocabulary, between pieces of text.
const separator = fc.constantFrom("", "\n", " \n", "\n\n");
const argument = fc
  .tuple(
    fc.constantFrom("city", "days", "content", "path", "mode", "zz", "__proto__", " city "),
    separator,
    fc.array(fc.constantFrom(...vocabulary), { maxLength: 8 }).map((pieces) => pieces.join("")),
    fc.constantFrom("</arg_value>", "</arg_value>", "</arg_value>", "</arg_val", ""),
    separator,
  )
  .map(
    ([key, between, value, close, after]) =>
      `<arg_key>${key}</arg_key>${between}<arg_value>${value}${close}${after}`,
  );
const call = fc
  .tuple(
    fc.constantFrom("<tool_call>", "<tool_call>", "<tool_call>\n", ""),
    fc.constantFrom("get_weather", "write_file", "other", "a b"),
    separator,
    fc.array(argument, { maxLength: 4 }),
    fc.constantFrom("</tool_call>", "</tool_call>", "\n</tool_call>", ""),
  )
  .map(
    ([open, name, afterName, parameters, close]) =>
      `${open}${name}${afterName}${parameters.join("")}${close}`,
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
  it("gives the same segments in any chunking of generated calls (glm45)", () => {
    assertChunkingInvariance(segmenter(glm45ToolDialect, false), callStream, 400);
  });

  it("does so for glm47", () => {
    assertChunkingInvariance(segmenter(glm47ToolDialect, false), callStream, 200);
  });

  it("gives the same segments in any chunking of generated markup streams", () => {
    assertChunkingInvariance(segmenter(glm45ToolDialect, false), markupStream(vocabulary, 60), 400);
  });

  it("does so with qwen3 reasoning in front (thinking on)", () => {
    assertChunkingInvariance(segmenter(glm47ToolDialect, true), callStream, 300);
    assertChunkingInvariance(segmenter(glm47ToolDialect, true), markupStream(vocabulary, 60), 300);
  });
});

// Value pieces that the structural rules keep literal: near-markup, balanced literal blocks, unicode.
// A bare `</arg_value>` followed by `</tool_call>`, `<arg_key>` of a new key or a confirmed call start is a
// boundary whatever the schema says, so prose follows it here; a nested `<arg_value>` is always closed.
const valuePiece = fc.oneof(
  fc.constantFrom(
    "<",
    "</",
    "<b>",
    "</b>",
    "<think>",
    "</think>",
    "&lt;",
    "</arg_value>;",
    "</arg_key>",
    "<arg_key>",
    "</tool_call> then",
    "<arg_value>inner</arg_value>",
    "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>",
    "<tool_call>f<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>",
    "<tool_call>noop</tool_call>",
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
  it("gives every generated value back exactly, in any chunking and either layout", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 10 }).filter((text) => !text.includes("<")),
        value,
        value,
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 10 }),
        (before, path, content, newlines, cuts) => {
          const line = newlines ? "\n" : "";
          const source = `${before}<tool_call>write_file${line}<arg_key>path</arg_key>${line}<arg_value>${path}</arg_value>${line}<arg_key>content</arg_key>${line}<arg_value>${content}</arg_value>${line}</tool_call>`;
          const result = segmentText({ tool: glm45ToolDialect(), tools }, cutAt(source, cuts));
          expect(result.problems).toEqual([]);
          expect(result.calls.map((call) => call.arguments)).toEqual([{ path, content }]);
          expect(result.warnings).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
