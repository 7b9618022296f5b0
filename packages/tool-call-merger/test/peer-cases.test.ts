import { createParserContext } from "@sluice/core";
import { loadPeerCases, runConformance, type ToolPeerCase } from "@sluice/core/testkit";
import { expect } from "vitest";
import { createToolCallMerger } from "../src";

/**
 * The `concatenated_json` peer cases (fixtures/README.md: one structured call's arguments string) through the
 * merger, their arguments cut into fragments by the shared conformance runner: as recorded, one character a
 * fragment, seeded random splits (docs/dialects.md §2, "Structured upstream tool calls").
 */
const cases = loadPeerCases<ToolPeerCase>("tool-peer-cases.json").filter(
  (testCase) => testCase.dialect === "concatenated_json",
);

runConformance({
  suite: "structured tool calls: concatenated_json peer cases through the merger, every split",
  cases,
  skip: {
    "t112-test-split-concatenated-json-non-dict-value":
      "LiteLLM maps `[1, 2, 3]` to {}; a guessed {} would run the tool with no input: Sluice drops the call with a notice (docs/dialects.md §2), asserted in create-tool-call-merger.test.ts",
    "t115-testconcatenatedobjectssplit-test-partial-concatenation-returns-none":
      "the peer keeps `{…}{broken` whole and unsplit; Sluice streams calls live, so the first object, complete at its `}`, is a call already, and the cut-off rest is dropped with a notice (docs/dialects.md §2), asserted in create-tool-call-merger.test.ts",
  },
  conserves: false,
  createParser: (_testCase, sink) => {
    const merger = createToolCallMerger(createParserContext({ thinking: false }), sink);
    let first = true;
    return {
      push(text) {
        merger.fragments([
          first
            ? { index: 0, id: "call_peer", name: "bash", arguments: text }
            : { index: 0, arguments: text },
        ]);
        first = false;
      },
      end() {
        if (first) merger.fragments([{ index: 0, id: "call_peer", name: "bash" }]);
        merger.end();
      },
    };
  },
  check: (testCase, summary) => {
    expect(summary.calls.map((call) => call.arguments)).toEqual(
      testCase.expected.calls.map((call) => call.arguments),
    );
  },
});
