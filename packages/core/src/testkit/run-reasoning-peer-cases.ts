import { expect } from "vitest";
import type { ReasoningDialect, ToolDialect } from "../dialect";
import { createParserContext } from "../parser-context";
import { createSegmenter } from "../segmenter";
import { runConformance } from "./conformance";
import { echoToolDialect } from "./echo-tool-dialect";
import { loadPeerCases, type ReasoningPeerCase } from "./peer-cases";

export interface ReasoningPeerCaseOptions {
  readonly dialect: () => ReasoningDialect;
  /** The family's tool dialect, where its cases have tool markup end the reasoning (default: the echo double). */
  readonly tool?: () => ToolDialect;
  /** Which of the fixture's `parser` names this dialect answers for. */
  readonly parsers: (parser: string) => boolean;
  /** Case id → why docs/dialects.md decides differently. */
  readonly skip?: Readonly<Record<string, string>>;
}

/**
 * The reasoning peer cases of one dialect through the conformance runner, with the echo tool dialect
 * standing in for a tool dialect (tool markup after reasoning reads as content, as the peers see it).
 */
export function runReasoningPeerCases(options: ReasoningPeerCaseOptions): void {
  const dialect = options.dialect();
  runConformance({
    suite: `${dialect.id}: reasoning peer cases`,
    cases: loadPeerCases<ReasoningPeerCase>("reasoning-peer-cases.json").filter((testCase) =>
      options.parsers(testCase.parser),
    ),
    ...(options.skip ? { skip: options.skip } : {}),
    createParser: (testCase, sink) =>
      createSegmenter({
        reasoning: options.dialect(),
        tool: options.tool?.() ?? echoToolDialect(),
        context: createParserContext({ thinking: testCase.starts_in_reasoning }),
        sink,
      }),
    check: (testCase, summary) => {
      // Compared as an Anthropic client sees them: null and "" are both no block, and the sequencer
      // drops the template separators around blocks (peers differ on that whitespace, clients never see it).
      // A side the peer does not assert (`assert: "content_exact"`) is not compared.
      const asserted = testCase.assert?.split(",");
      if (asserted === undefined || asserted.some((check) => check.startsWith("reasoning")))
        expect(asClientSees(summary.reasoning)).toBe(asClientSees(testCase.expected.reasoning));
      if (asserted === undefined || asserted.some((check) => check.startsWith("content")))
        expect(asClientSees(summary.content)).toBe(asClientSees(testCase.expected.content));
    },
  });
}

function asClientSees(text: string | null): string {
  return (text ?? "").replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
}
