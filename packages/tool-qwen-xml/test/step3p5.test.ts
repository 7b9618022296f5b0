import { runReasoningPeerCases, segmentText } from "@sluice/core/testkit";
import { deepseekR1ReasoningDialect } from "@sluice/reasoning-deepseek-r1";
import { describe, expect, it } from "vitest";
import { qwenXmlToolDialect } from "../src";

// Step 3.5/3.7 Flash (preset step-3.5): qwen_xml's calls behind deepseek_r1's always-open reasoning, the
// `step3p5` names of both (docs/dialects.md §3). Its 4 tool cases run with qwen_xml's (peer-cases.test.ts);
// its 5 reasoning cases run here with the family's own tool dialect, so q036's `<tool_call>` meets qwen_xml.
runReasoningPeerCases({
  dialect: deepseekR1ReasoningDialect,
  tool: qwenXmlToolDialect,
  parsers: (name) => name === "step3p5",
  skip: {
    "q036-step3p5-sgl-project-sglang-pr-38894-description-example":
      "the header `<function bash>` is malformed, which an open SGLang PR (#38894) repairs; docs/dialects.md §2: a `<tool_call>` not followed by `<function=` is text, and §1: only a confirmed call ends reasoning, so the span goes on (the same call well formed ends it: our own test below)",
  },
});

const tools = { bash: { type: "object", properties: { command: { type: "string" } } } } as const;

describe("step3p5: deepseek_r1 + qwen_xml", () => {
  it("starts in reasoning and ends it at a confirmed <tool_call> without </think> (SGLang PR #38894)", () => {
    const result = segmentText(
      { reasoning: deepseekR1ReasoningDialect(), tool: qwenXmlToolDialect(), thinking: true, tools },
      [
        "inspect the repo\n<tool_call>\n<function=bash>\n<parameter=command>\npwd\n</parameter>\n</function>\n</tool_call>",
      ],
    );
    expect(result.problems).toEqual([]);
    expect(result.reasoning).toBe("inspect the repo\n");
    expect(result.calls).toMatchObject([{ name: "bash", arguments: { command: "pwd" }, ended: true }]);
  });

  it("takes a bare <function=…> after </think> as a call (vLLM accepts calls without the wrapper, e083)", () => {
    const result = segmentText(
      { reasoning: deepseekR1ReasoningDialect(), tool: qwenXmlToolDialect(), thinking: true, tools },
      ["plan\n</think>\n\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>"],
    );
    expect(result.problems).toEqual([]);
    expect(result.reasoning).toBe("plan\n");
    expect(result.calls).toMatchObject([{ name: "bash", arguments: { command: "ls" }, ended: true }]);
  });
});
