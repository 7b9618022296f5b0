import { createParserContext, createSegmenter } from "@sluice/core";
import { assertChunkingInvariance, markupStream } from "@sluice/core/testkit";
import { gemma4ReasoningDialect } from "@sluice/reasoning-gemma4";
import fc from "fast-check";
import { describe, it } from "vitest";
import { gemma4ToolDialect } from "../src";

const Q = '<|"|>';

// Pieces of markup, near-markup and prose, so that generated streams hit every state and split point.
const vocabulary = [
  "<|tool_call>",
  "<tool_call|>",
  "<|tool_c",
  "all|>",
  "call:",
  "call:f{",
  "call:web.search{",
  "<call>g{",
  Q,
  '<|"',
  "<turn|>",
  "<|channel>thought\n",
  "<channel|>",
  "<chan",
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  "a:",
  "key",
  "42",
  "-1.5e3",
  "true",
  "null",
  "Paris",
  " ",
  "\n",
  "<",
  '"',
  "\\",
  "é",
  "🌍",
];

// Values as Gemma writes them, well-formed and not (omitted opener, bare words, brackets inside strings).
const value: fc.Memo<string> = fc.memo((depth) =>
  depth <= 1
    ? fc.constantFrom(
        `${Q}Oslo${Q}`,
        `${Q}a}b]{[c${Q}`,
        `${Q}${Q}`,
        "7",
        "3.14",
        "false",
        "null",
        "word",
        `Paris, France${Q}`,
        "",
      )
    : fc.oneof(
        value(1),
        fc
          .array(fc.tuple(fc.constantFrom("a", "b_c", "x.y"), value(depth - 1)), { maxLength: 3 })
          .map((members) => `{${members.map(([key, item]) => `${key}:${item}`).join(",")}}`),
        fc.array(value(depth - 1), { maxLength: 3 }).map((items) => `[${items.join(",")}]`),
      ),
);

const call = fc
  .tuple(
    fc.constantFrom("<|tool_call>call:", "<|tool_call>:call:", "<channel|>call:", "<call>", "call:"),
    fc.constantFrom("get-weather", "f", "a.b"),
    fc.array(fc.tuple(fc.constantFrom("q", "limit", "cfg"), value(3)), { maxLength: 3 }),
    fc.constantFrom("}<tool_call|>", "}<turn|>", "}", "", "<tool_call|>", "}\n<tool_call|>"),
  )
  .map(
    ([open, name, members, close]) =>
      `${open}${name}{${members.map(([k, v]) => `${k}:${v}`).join(",")}${close}`,
  );

const streams = fc
  .array(fc.oneof(call, markupStream(vocabulary, 6)), { maxLength: 5 })
  .map((pieces) => pieces.join(""));

const segmenter =
  (thinking: boolean, reasoning: boolean) => (sink: Parameters<typeof createSegmenter>[0]["sink"]) =>
    createSegmenter({
      tool: gemma4ToolDialect(),
      ...(reasoning ? { reasoning: gemma4ReasoningDialect() } : {}),
      context: createParserContext({ thinking, startsInReasoning: thinking && reasoning ? true : undefined }),
      sink,
    });

describe("gemma4: any chunking gives the same segments and conserves the input (docs/architecture.md I3, I4)", () => {
  for (const [thinking, reasoning] of [
    [false, false],
    [false, true],
    [true, true],
  ] as const) {
    it(`generated calls and markup, ${reasoning ? "with" : "without"} its reasoning dialect${thinking ? ", starting in reasoning" : ""}`, () => {
      assertChunkingInvariance(segmenter(thinking, reasoning), streams, 300);
    });
  }
});
