import {
  loadPeerCases,
  runReasoningPeerCases,
  runToolPeerCases,
  segmentText,
  type ToolPeerCase,
  toolSchemasOf,
} from "@sluice/core/testkit";
import { harmonyReasoningDialect } from "@sluice/reasoning-harmony";
import { describe, expect, it } from "vitest";
import { harmonyToolDialect } from "../src";

// The harmony tool peer cases (7: llama.cpp's gpt-oss block, SGLang's gpt-oss detector) with the family's reasoning
// dialect in front (preset gpt-oss): their content is the final channel's, the analysis being reasoning.
runToolPeerCases({
  dialect: harmonyToolDialect,
  reasoning: harmonyReasoningDialect,
  dialects: (name) => name === "harmony",
});

// The harmony reasoning peer cases (q026, q028) with the family's tool dialect too, as the preset runs them.
runReasoningPeerCases({
  dialect: harmonyReasoningDialect,
  tool: harmonyToolDialect,
  parsers: (name) => name === "harmony",
});

// The same tool cases with reasoning `none`: every call is found all the same, and the other messages reach the
// client as the model wrote them, markup and all (no reasoning dialect reads them).
describe("harmony tool peer cases with reasoning none", () => {
  const cases = loadPeerCases<ToolPeerCase>("tool-peer-cases.json").filter((c) => c.dialect === "harmony");
  it.each(cases.map((testCase) => [testCase.id, testCase] as const))("%s", (_id, testCase) => {
    const result = segmentText(
      { tool: harmonyToolDialect(), tools: Object.fromEntries(toolSchemasOf(testCase)) },
      testCase.chunks,
    );
    expect(result.problems).toEqual([]);
    expect(result.calls.map((call) => ({ name: call.name, arguments: call.arguments }))).toEqual(
      testCase.expected.calls,
    );
    // The calls' messages are markup; what is left is the other messages' raw text.
    expect(result.content ?? "").not.toContain("to=functions.");
  });
});
