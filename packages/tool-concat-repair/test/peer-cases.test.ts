import { loadPeerCases, type ToolPeerCase } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { parseToolArguments } from "../src";

const cases = loadPeerCases<ToolPeerCase>("tool-peer-cases.json").filter(
  (testCase) => testCase.dialect === "concatenated_json",
);

const skip: Readonly<Record<string, string>> = {
  "t112-test-split-concatenated-json-non-dict-value":
    "LiteLLM maps `[1, 2, 3]` to {}; docs/dialects.md §2/Anthropic need an object and a guessed {} would run the tool with no input: malformed, dropped with a warning upstream",
};

// No stream here: `chunks.join("")` is one structured call's arguments string (fixtures/README.md).
describe("concat_repair: concatenated_json peer cases", () => {
  it("names only existing cases in its skip list", () => {
    const ids = new Set(cases.map((testCase) => testCase.id));
    expect(Object.keys(skip).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("has cases to run", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const testCase of cases) {
    const reason = skip[testCase.id];
    if (reason !== undefined) {
      it.skip(`${testCase.id} (skipped: ${reason})`, () => {});
      continue;
    }
    it(testCase.id, () => {
      const result = parseToolArguments(testCase.chunks.join(""));
      const calls = result.kind === "ok" ? result.calls.map((call) => call.value) : [];
      expect(calls).toEqual(testCase.expected.calls.map((call) => call.arguments));
    });
  }

  it("t112's input is malformed (not an object), not mapped to {}", () => {
    expect(parseToolArguments("[1, 2, 3]")).toMatchObject({ kind: "malformed" });
  });
});
