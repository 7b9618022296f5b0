import { createParserContext, createSegmenter, type JsonSchema } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { minimaxM3ReasoningDialect } from "@sluice/reasoning-minimax-m3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { minimaxM3ToolDialect, NAMESPACE as NS } from "../src";

const tools: Record<string, JsonSchema> = {
  get_weather: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } } },
  write_file: {
    type: "object",
    properties: {
      path: { type: "string" },
      content: { type: "string" },
      meta: { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } },
    },
  },
};

// Pieces of markup, near-markup and prose, so that generated streams hit every state and split point.
const vocabulary = [
  NS,
  "]<]mini",
  `${NS}<tool_call>`,
  `${NS}</tool_call>`,
  `${NS}<invoke name="get_weather">`,
  `${NS}<invoke name='write_file'>`,
  `${NS}<invoke name=other>`,
  `${NS}<invoke name="{{ x }}">`,
  `${NS}<invoke`,
  `${NS}</invoke>`,
  `${NS}<city>`,
  `${NS}</city>`,
  `${NS}<meta>`,
  `${NS}</meta>`,
  `${NS}<tags>`,
  `${NS}<item>`,
  `${NS}</item>`,
  `${NS}</wrong>`,
  `${NS} <days>`,
  "</city>",
  "</item>",
  "</",
  "<mm:think>",
  "</mm:think>",
  "\n",
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
    tool: minimaxM3ToolDialect(),
    ...(thinking ? { reasoning: minimaxM3ReasoningDialect() } : {}),
    context: createParserContext({ thinking, tools: Object.entries(tools) }),
    sink,
  });

// Streams of blocks (well-formed and not: missing and mismatched closes, cut off) between pieces of text.
const element: fc.Memo<string> = fc.memo((depth) =>
  fc
    .tuple(
      fc.constantFrom("city", "days", "content", "path", "meta", "tags", "item", "zz"),
      depth <= 1
        ? fc
            .array(fc.constantFrom(...vocabulary.slice(19)), { maxLength: 4 })
            .map((pieces) => pieces.join(""))
        : fc.oneof(
            fc.constantFrom("Oslo", "7", ""),
            fc.array(element(depth - 1), { maxLength: 3 }).map((children) => children.join("")),
          ),
      fc.constantFrom("close", "close", "close", "plain", "wrong", "none"),
    )
    .map(([name, body, close]) => {
      const end = { close: `${NS}</${name}>`, plain: `</${name}>`, wrong: `${NS}</wrong>`, none: "" }[close];
      return `${NS}<${name}>${body}${end}`;
    }),
);
const invoke = fc
  .tuple(
    fc.constantFrom("get_weather", "write_file", "other"),
    fc.array(element(3), { maxLength: 3 }),
    fc.constantFrom(`${NS}</invoke>\n`, `${NS}</invoke>`, ""),
  )
  .map(([name, elements, close]) => `${NS}<invoke name="${name}">${elements.join("")}${close}`);
const block = fc
  .tuple(
    fc.constantFrom(`${NS}<tool_call>\n`, `${NS}<tool_call>`),
    fc.array(invoke, { minLength: 1, maxLength: 3 }),
    fc.constantFrom(`${NS}</tool_call>`, `\n${NS}</tool_call>`, ""),
  )
  .map(([open, invokes, close]) => `${open}${invokes.join("")}${close}`);
const blockStream = fc
  .tuple(
    fc.array(fc.oneof(block, block, fc.constantFrom(...vocabulary)), { maxLength: 6 }),
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

  it("does so with minimax_m3 reasoning in front (preset minimax-m3)", () => {
    assertChunkingInvariance(segmenter(true), blockStream, 300);
    assertChunkingInvariance(segmenter(true), markupStream(vocabulary, 60), 300);
  });
});

// Any text without the namespace token is a string value as written: quotes, backslashes, tags and newlines.
const value = fc
  .array(
    fc.oneof(
      fc.constantFrom("<", "</", "<b>", "</b>", "</content> x", "<mm:think>", "\n", "\r\n", '"', "\\", "🌍"),
      fc.string({ unit: "grapheme", maxLength: 8 }),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(""))
  .filter((text) => !text.includes(NS) && !/<\/(?:path|content)>\s*$/.test(text));

describe("string values round-trip", () => {
  it("gives every generated value back exactly, in any chunking", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 10 }).filter((text) => !text.includes(NS)),
        value,
        value,
        fc.array(fc.nat(), { maxLength: 10 }),
        (before, path, content, cuts) => {
          const source = `${before}${NS}<tool_call>\n${NS}<invoke name="write_file">${NS}<path>${path}${NS}</path>${NS}<content>${content}${NS}</content>${NS}</invoke>\n${NS}</tool_call>`;
          const result = segmentText({ tool: minimaxM3ToolDialect(), tools }, cutAt(source, cuts));
          expect(result.problems).toEqual([]);
          expect(result.calls.map((call) => call.arguments)).toEqual([{ path, content }]);
          expect(result.warnings).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
