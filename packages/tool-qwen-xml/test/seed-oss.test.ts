import { runReasoningPeerCases, runToolPeerCases, segmentText } from "@sluice/core/testkit";
import { seedOssReasoningDialect } from "@sluice/reasoning-seed-oss";
import { describe, expect, it } from "vitest";
import { seedOssToolDialect } from "../src";

// Seed-OSS (docs/dialects.md §2, seed_oss): qwen_xml's body in `<seed:tool_call>`, behind its own `<seed:think>`
// (e075 starts with a reasoning span, so every case runs with the family's reasoning dialect in front).
runToolPeerCases({
  dialect: seedOssToolDialect,
  dialects: (name) => name === "seed_oss",
  reasoning: seedOssReasoningDialect,
});

// The family's reasoning case with its own tool dialect behind it.
runReasoningPeerCases({
  dialect: seedOssReasoningDialect,
  tool: seedOssToolDialect,
  parsers: (name) => name === "seed_oss",
});

const tools = { bash: { type: "object", properties: { command: { type: "string" } } } } as const;
const call =
  "<seed:tool_call>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n</seed:tool_call>";

describe("seed_oss: qwen_xml's body in <seed:tool_call>", () => {
  it("parses one block per call, and leaves qwen_xml's <tool_call> as text", () => {
    const result = segmentText({ tool: seedOssToolDialect(), tools }, [
      `${call}${call}`,
      "\nsee <tool_call>x</tool_call>",
    ]);
    expect(result.problems).toEqual([]);
    expect(result.calls).toMatchObject([
      { name: "bash", arguments: { command: "ls" }, ended: true },
      { name: "bash", arguments: { command: "ls" }, ended: true },
    ]);
    expect(result.content).toBe("\nsee <tool_call>x</tool_call>");
  });

  it("cuts a call the stream ends inside", () => {
    const result = segmentText({ tool: seedOssToolDialect(), tools }, [
      "<seed:tool_call>\n<function=bash>\n<parameter=command>\nl",
    ]);
    expect(result.calls).toMatchObject([{ name: "bash", ended: true }]);
    expect(result.calls[0]?.cut).toBe(true);
  });
});
