import { createParserContext, createSegmenter, type JsonSchema } from "@sluice/core";
import { assertChunkingInvariance, cutAt, markupStream, segmentText } from "@sluice/core/testkit";
import { harmonyReasoningDialect } from "@sluice/reasoning-harmony";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { harmonyToolDialect } from "../src";

const tools: Record<string, JsonSchema> = {
  get_weather: { type: "object", properties: { city: { type: "string" } } },
  Write: { type: "object", properties: { file_path: { type: "string" }, content: { type: "string" } } },
};

// Tokens, their pieces, whole headers (calls and not), JSON pieces and prose, so generated streams reach every
// state of both dialects and every split point.
const vocabulary = [
  "<|start|>",
  "<|channel|>",
  "<|message|>",
  "<|end|>",
  "<|call|>",
  "<|return|>",
  "<|constrain|>",
  "<|sta",
  "rt|>",
  "<|",
  "|>",
  " to=",
  " to=functions.get_weather",
  " to=python",
  " to=assistant",
  "assistant",
  "analysis",
  "commentary",
  "final",
  "json",
  " ",
  "\n",
  "{",
  "}",
  '"city"',
  ":",
  '"Oslo',
  '"',
  "\\",
  ",",
  "think",
  "é",
  "🌍",
];

const message = fc
  .tuple(
    fc.constantFrom("<|start|>assistant", "", " "),
    fc.constantFrom("", " to=functions.get_weather", " to=functions.Write", " to=python"),
    fc.constantFrom("analysis", "commentary", "final"),
    fc.constantFrom("", " to=functions.get_weather", " to=assistant"),
    fc.constantFrom("", " <|constrain|>json", "<|constrain|>json", " json"),
    fc.constantFrom('{"city": "Oslo"}', '{"city": "Os', "{}", "plain words", " {'city': 1,}", ""),
    fc.constantFrom("<|end|>", "<|call|>", "<|return|>", ""),
  )
  .map(
    ([start, role, channel, recipient, type, body, end]) =>
      `${start}${role}<|channel|>${channel}${recipient}${type}<|message|>${body}${end}`,
  );
const messages = fc
  .tuple(
    fc.array(fc.oneof(message, message, fc.constantFrom(...vocabulary)), { maxLength: 6 }),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([parts, cut]) => {
    const text = parts.join("");
    return cut === undefined ? text : text.slice(0, cut % (text.length + 1));
  });

const segmenter = (withReasoning: boolean) => (sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
  createSegmenter({
    tool: harmonyToolDialect(),
    ...(withReasoning ? { reasoning: harmonyReasoningDialect() } : {}),
    context: createParserContext({ thinking: true, tools: Object.entries(tools) }),
    sink,
  });

describe("chunking invariance (docs/architecture.md I3) and invariants", () => {
  it("gives the same segments in any chunking of generated messages, the tool dialect alone", () => {
    assertChunkingInvariance(segmenter(false), messages, 400);
    assertChunkingInvariance(segmenter(false), markupStream(vocabulary, 60), 300);
  });

  it("does so with harmony reasoning in front (preset gpt-oss)", () => {
    assertChunkingInvariance(segmenter(true), messages, 400);
    assertChunkingInvariance(segmenter(true), markupStream(vocabulary, 60), 300);
  });
});

// Any text without a harmony token is a string value as written: quotes, backslashes, newlines, pieces of tokens.
const value = fc
  .array(
    fc.oneof(
      fc.constantFrom("<|", "|>", "<|end", "to=", "\n", "\r\n", '"', "\\", "🌍", "{", "}"),
      fc.string({ unit: "grapheme", maxLength: 8 }),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => pieces.join(""))
  .filter((text) => !/<\|(start|end|message|channel|constrain|return|call)\|>/.test(text));

describe("string values round-trip", () => {
  it("gives every generated value back exactly, in any chunking", () => {
    fc.assert(
      fc.property(value, value, fc.array(fc.nat(), { maxLength: 10 }), (path, content, cuts) => {
        const args = JSON.stringify({ file_path: path, content });
        const source = `<|channel|>analysis<|message|>Write it.<|end|><|start|>assistant to=functions.Write<|channel|>commentary json<|message|>${args}<|call|>`;
        const result = segmentText(
          { tool: harmonyToolDialect(), reasoning: harmonyReasoningDialect(), tools },
          cutAt(source, cuts),
        );
        expect(result.problems).toEqual([]);
        expect(result.calls.map((call) => call.arguments)).toEqual([{ file_path: path, content }]);
        expect(result.warnings).toEqual([]);
        expect(result.reasoning).toBe("Write it.");
      }),
      { numRuns: 300 },
    );
  });
});
