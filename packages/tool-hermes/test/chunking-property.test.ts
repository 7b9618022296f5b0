import { createParserContext, createSegmenter, type SegmentSink } from "@sluice/core";
import {
  assertChunkingInvariance,
  checkSegmentInvariants,
  cutAt,
  markupStream,
  normalizeSegments,
  runStream,
  summarize,
} from "@sluice/core/testkit";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hermesToolDialect } from "../src";

const hermesOnly = (sink: SegmentSink) =>
  createSegmenter({ tool: hermesToolDialect(), context: createParserContext({ thinking: false }), sink });

const vocabulary = [
  "<tool_call>",
  "</tool_call>",
  "<tool_",
  "call>",
  "</tool_",
  "<",
  "{",
  "}",
  '"',
  "\\",
  " ",
  "\n",
  "text",
  "é",
  "😀",
  '{"name": "f", "arguments": {"a": 1}}',
  '{"name": "g"}',
  '{"name": "h", "arguments": "{\\"x\\": \\"</tool_call>\\"}{\\"y\\": 2}"}',
  "{'name': 'r', 'arguments': {'b': True,}}",
  '{"name": 7}',
  '"</tool_call>"',
  '{"a":',
  "</think>",
  "<think>",
];

describe("hermes: any chunking gives the same segments and conserves the input (docs/architecture.md I3, I4)", () => {
  it("hermes alone, on markup soup", () => {
    assertChunkingInvariance(hermesOnly, markupStream(vocabulary), 300);
  });

  for (const thinking of [true, false]) {
    it(`qwen3 + hermes, thinking ${thinking}`, () => {
      assertChunkingInvariance(
        (sink) =>
          createSegmenter({
            reasoning: qwen3ReasoningDialect(),
            tool: hermesToolDialect(),
            context: createParserContext({ thinking }),
            sink,
          }),
        markupStream(vocabulary),
        200,
      );
    });
  }
});

// Prose with quoted markup but no `{`, so no text piece can itself confirm a call.
const prose = fc
  .array(
    fc.constantFrom(
      "plain",
      " ",
      "\n",
      "<tool_call>",
      "</tool_call>",
      "<tool_",
      "<",
      "}",
      '"',
      "é",
      "😀",
      "`<tool_call>`",
    ),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((pieces) => pieces.join(""));

interface GeneratedCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly source: string;
  /** The exact arguments text expected, when the format keeps it. */
  readonly argumentsJson: string | undefined;
}

const generatedCall: fc.Arbitrary<GeneratedCall> = fc
  .record({
    name: fc.constantFrom("f", "get_weather", "__proto__", "a b"),
    arguments: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    format: fc.constantFrom("compact", "indented", "parameters", "string", "closing-omitted"),
    gap: fc.constantFrom("", "\n", " \n"),
  })
  .map(({ name, arguments: args, format, gap }) => {
    const argumentsText = format === "indented" ? JSON.stringify(args, null, 2) : JSON.stringify(args);
    const key = format === "parameters" ? "parameters" : "arguments";
    const value = format === "string" ? JSON.stringify(argumentsText) : argumentsText;
    const body = `{"name": ${JSON.stringify(name)}, "${key}": ${value}}`;
    const closing = format === "closing-omitted" ? "" : `${gap}</tool_call>`;
    return {
      name,
      arguments: JSON.parse(argumentsText) as Record<string, unknown>,
      source: `<tool_call>${gap}${body}${closing}`,
      argumentsJson: argumentsText,
    };
  });

const item = fc.oneof(
  prose.map((text) => ({ kind: "text" as const, text })),
  generatedCall.map((call) => ({ kind: "call" as const, call })),
);

describe("hermes: generated streams of text and calls", () => {
  it("give exactly the calls and the text, in any chunking", () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 12 }), (items, cuts) => {
        let input = "";
        let content = "";
        const expectedCalls: { name: string; arguments: unknown; argumentsJson: string | undefined }[] = [];
        for (const [position, each] of items.entries()) {
          if (each.kind === "text") {
            input += each.text;
            content += each.text;
            continue;
          }
          // A call without `</tool_call>` followed by prose: the prose must not start the body of another object.
          const next = items[position + 1];
          const source =
            next?.kind === "text" && !each.call.source.endsWith("</tool_call>")
              ? `${each.call.source}</tool_call>`
              : each.call.source;
          input += source;
          expectedCalls.push({
            name: each.call.name,
            arguments: each.call.arguments,
            argumentsJson: each.call.argumentsJson,
          });
        }
        const whole = runStream(hermesOnly, [input]);
        const split = runStream(hermesOnly, cutAt(input, cuts));
        expect(checkSegmentInvariants(whole, input)).toEqual([]);
        expect(checkSegmentInvariants(split, input)).toEqual([]);
        expect(normalizeSegments(split)).toEqual(normalizeSegments(whole));
        const summary = summarize(normalizeSegments(whole));
        expect(summary.content ?? "").toBe(content);
        expect(summary.warnings).toEqual([]);
        expect(
          summary.calls.map((call) => ({
            name: call.name,
            arguments: call.arguments,
            argumentsJson: call.argumentsJson,
          })),
        ).toEqual(expectedCalls);
      }),
      { numRuns: 300 },
    );
  });
});
