import { expect } from "vitest";
import type { ReasoningDialect, ToolDialect } from "../dialect";
import { createParserContext } from "../parser-context";
import { createSegmenter } from "../segmenter";
import { runConformance } from "./conformance";
import { loadPeerCases, type ToolPeerCase, toolSchemasOf } from "./peer-cases";

export interface ToolPeerCaseOptions {
  readonly dialect: () => ToolDialect;
  /** Which of the fixture's `dialect` names this dialect answers for. */
  readonly dialects: (name: string) => boolean;
  /** A reasoning dialect in front, for families whose cases mix reasoning and calls. */
  readonly reasoning?: () => ReasoningDialect;
  /** Case id → why our docs decide differently from the peer (the case is skipped). */
  readonly skip?: Readonly<Record<string, string>>;
  /** Case id → the content our docs give where the calls match the peer but the text does not. */
  readonly contentPerDocs?: Readonly<Record<string, { readonly content: string; readonly reason: string }>>;
}

/**
 * The tool peer cases of one dialect through the conformance runner (every chunking; pairing, JSON-object
 * arguments, conservation), then the peer's calls and content as our docs read them: null and "" are the
 * same message to an Anthropic client (no text block either way).
 */
export function runToolPeerCases(options: ToolPeerCaseOptions): void {
  const dialect = options.dialect();
  const contentPerDocs = options.contentPerDocs ?? {};
  runConformance({
    suite: `${dialect.id}: tool peer cases`,
    cases: loadPeerCases<ToolPeerCase>("tool-peer-cases.json").filter((testCase) =>
      options.dialects(testCase.dialect),
    ),
    ...(options.skip ? { skip: options.skip } : {}),
    createParser: (testCase, sink) =>
      createSegmenter({
        tool: options.dialect(),
        reasoning: options.reasoning?.(),
        context: createParserContext({ thinking: false, tools: toolSchemasOf(testCase) }),
        sink,
      }),
    check: (testCase, summary) => {
      expect(summary.calls.map((call) => ({ name: call.name, arguments: call.arguments }))).toEqual(
        testCase.expected.calls,
      );
      expect(summary.calls.every((call) => call.ended)).toBe(true);
      const decided = contentPerDocs[testCase.id];
      if (decided !== undefined) expect(summary.content ?? "", decided.reason).toBe(decided.content);
      else if (testCase.expected.content !== null)
        expect(summary.content ?? "").toBe(testCase.expected.content);
    },
  });
}
