import { createParserContext, createSegmenter } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { kimiK3ReasoningDialect } from "@sluice/reasoning-kimi-k3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kimiK3ToolDialect } from "../src";

// Pieces of XTML, near-XTML and prose, so that generated streams hit every state and split point.
const vocabulary = [
  "<|open|>",
  "<|close|>",
  "<|sep|>",
  "<|end_of_msg|>",
  "<|op",
  "en|>",
  "<|se",
  "<|open|>tools<|sep|>",
  "<|close|>tools<|sep|>",
  '<|open|>call tool="f" index="1"<|sep|>',
  '<|open|>call tool="a&amp;b"<|sep|>',
  '<|open|> call tool="g" <|sep|>',
  "<|close|>call<|sep|>",
  '<|open|>argument key="s" type="string"<|sep|>',
  '<|open|>argument key="n" type="number"<|sep|>',
  '<|open|>argument key="o" type="object"<|sep|>',
  "<|close|>argument<|sep|>",
  '<|open|>json type="object"<|sep|>',
  "<|close|>json<|sep|>",
  "<|open|>think<|sep|>",
  "<|close|>think<|sep|>",
  "<|open|>response<|sep|>",
  "<|close|>response<|sep|>",
  "<|close|>message<|sep|>",
  ' key="k"',
  '{"a": 1}',
  "{",
  "42",
  "\n",
  " ",
  "text",
  '"',
  "\\",
  "&quot;",
  "é",
  "🌍",
];

const segmenter = (thinking: boolean) => (sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
  createSegmenter({
    tool: kimiK3ToolDialect(),
    ...(thinking ? { reasoning: kimiK3ReasoningDialect() } : {}),
    context: createParserContext({ thinking }),
    sink,
  });

// Tools channels (well formed and not: missing closes, bad JSON, a json body, cut off) between pieces of text.
const value = fc.constantFrom("Oslo", " 7 ", "", '{"a": [1]}', "not json", "<b>", "<|open|>x<|sep|>");
const body = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("s", "n", "o", "s"),
      fc.constantFrom("string", "number", "object", "array"),
      value,
      fc.constantFrom("<|close|>argument<|sep|>", "<|close|>argument<|sep|>", ""),
    )
    .map(([key, type, text, end]) => `<|open|>argument key="${key}" type="${type}"<|sep|>${text}${end}`),
  fc
    .tuple(fc.constantFrom('{"x": 1}', "{}", "{bad", "[1]"), fc.constantFrom("<|close|>json<|sep|>", ""))
    .map(([json, end]) => `<|open|>json type="object"<|sep|>${json}${end}`),
);
const call = fc
  .tuple(
    fc.constantFrom('tool="f" index="1"', 'tool="g"', 'tool="h&quot;"'),
    fc.array(body, { maxLength: 3 }),
    fc.constantFrom("<|close|>call<|sep|>", "<|close|>call<|sep|>", ""),
  )
  .map(([attributes, bodies, end]) => `<|open|>call ${attributes}<|sep|>${bodies.join("")}${end}`);
const channel = fc
  .tuple(
    fc.constantFrom("<|open|>tools<|sep|>", "<|open|>tools<|sep|>\n", ""),
    fc.array(call, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("<|close|>tools<|sep|>", "\n<|close|>tools<|sep|>", ""),
  )
  .map(([open, calls, close]) => `${open}${calls.join("")}${close}`);
const channelStream = fc
  .tuple(
    fc.array(fc.oneof(channel, channel, fc.constantFrom(...vocabulary)), { maxLength: 6 }),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([parts, cut]) => {
    const text = parts.join("");
    return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
  });

describe("chunking invariance (docs/architecture.md I3) and invariants", () => {
  it("gives the same segments in any chunking of generated tools channels", () => {
    assertChunkingInvariance(segmenter(false), channelStream, 400);
  });

  it("gives the same segments in any chunking of generated markup streams", () => {
    assertChunkingInvariance(segmenter(false), markupStream(vocabulary, 60), 400);
  });

  it("does so with kimi_k3 reasoning in front (preset kimi-k3), thinking on and off", () => {
    assertChunkingInvariance(segmenter(true), channelStream, 300);
    assertChunkingInvariance(segmenter(true), markupStream(vocabulary, 60), 300);
  });
});

// Any text without a close token is a string value as written: quotes, backslashes, openers, newlines.
const stringValue = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "<",
        "<|",
        "<|open|>",
        "<|sep|>",
        '<|open|>call tool="x"<|sep|>',
        "\n",
        "\r\n",
        '"',
        "\\",
        "🌍",
      ),
      fc.string({ unit: "grapheme", maxLength: 8 }),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(""))
  .filter((text) => !text.includes("<|close|>"));

describe("string values round-trip", () => {
  it("gives every generated value back exactly, in any chunking", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 10 }).filter((text) => !text.includes("<|")),
        stringValue,
        stringValue,
        fc.array(fc.nat(), { maxLength: 10 }),
        (before, path, content, cuts) => {
          const source = `${before}<|open|>tools<|sep|><|open|>call tool="write" index="1"<|sep|><|open|>argument key="path" type="string"<|sep|>${path}<|close|>argument<|sep|><|open|>argument key="content" type="string"<|sep|>${content}<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`;
          const result = segmentText({ tool: kimiK3ToolDialect() }, cutAt(source, cuts));
          expect(result.problems).toEqual([]);
          expect(result.calls.map((c) => c.arguments)).toEqual([{ path, content }]);
          expect(result.warnings).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
