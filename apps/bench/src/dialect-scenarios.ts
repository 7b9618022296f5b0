import { deepseekR1ReasoningDialect } from "@sluice/reasoning-deepseek-r1";
import { deepseekV41ReasoningDialect } from "@sluice/reasoning-deepseek-v41";
import { gemma4ReasoningDialect } from "@sluice/reasoning-gemma4";
import { harmonyReasoningDialect } from "@sluice/reasoning-harmony";
import { kimiK3ReasoningDialect } from "@sluice/reasoning-kimi-k3";
import { minimaxM3ReasoningDialect } from "@sluice/reasoning-minimax-m3";
import { mistralReasoningDialect } from "@sluice/reasoning-mistral";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { seedOssReasoningDialect } from "@sluice/reasoning-seed-oss";
import { deepseekDsmlToolDialect } from "@sluice/tool-deepseek-dsml";
import { deepseekV31ToolDialect } from "@sluice/tool-deepseek-v31";
import { gemma4ToolDialect } from "@sluice/tool-gemma4";
import { glm45ToolDialect, glm47ToolDialect } from "@sluice/tool-glm45";
import { harmonyToolDialect } from "@sluice/tool-harmony";
import { kimiK2ToolDialect } from "@sluice/tool-kimi-k2";
import { kimiK3ToolDialect } from "@sluice/tool-kimi-k3";
import { minimaxM2ToolDialect } from "@sluice/tool-minimax-m2";
import { minimaxM3ToolDialect } from "@sluice/tool-minimax-m3";
import { mistralToolDialect } from "@sluice/tool-mistral";
import { qwenXmlToolDialect, seedOssToolDialect } from "@sluice/tool-qwen-xml";
import { dialectTrace } from "./dialect-traces";
import type { SegmenterScenario } from "./segmenter-bench";

const writeTool = {
  Write: { type: "object", properties: { file_path: { type: "string" }, content: { type: "string" } } },
};

/** Each family's tool dialect behind the reasoning dialect its preset uses. */
export function dialectScenarios(): SegmenterScenario[] {
  const rows = [
    { tool: glm45ToolDialect(), reasoning: qwen3ReasoningDialect() },
    { tool: glm47ToolDialect(), reasoning: qwen3ReasoningDialect() },
    { tool: minimaxM2ToolDialect(), reasoning: deepseekR1ReasoningDialect() },
    { tool: minimaxM3ToolDialect(), reasoning: minimaxM3ReasoningDialect() },
    { tool: deepseekV31ToolDialect(), reasoning: deepseekV41ReasoningDialect() },
    { tool: deepseekDsmlToolDialect(), reasoning: deepseekV41ReasoningDialect() },
    { tool: kimiK2ToolDialect(), reasoning: qwen3ReasoningDialect() },
    // Step 3.5 / 3.7 Flash (preset step-3.5): qwen_xml behind always-open reasoning.
    { tool: qwenXmlToolDialect(), reasoning: deepseekR1ReasoningDialect() },
    // Seed-OSS (preset seed-oss): qwen_xml's body in <seed:tool_call>, behind <seed:think>, which the model opens.
    { tool: seedOssToolDialect(), reasoning: seedOssReasoningDialect() },
    // Mistral / Devstral / Magistral (preset mistral): [TOOL_CALLS]NAME[ARGS]{json} behind [THINK], which the model opens.
    { tool: mistralToolDialect(), reasoning: mistralReasoningDialect() },
    // Kimi K3 (preset kimi-k3): its XTML tools channel behind its think channel, which the prompt opened.
    { tool: kimiK3ToolDialect(), reasoning: kimiK3ReasoningDialect() },
    // gpt-oss (preset gpt-oss): harmony's messages, the analysis as reasoning, each Write call a message to functions.
    { tool: harmonyToolDialect(), reasoning: harmonyReasoningDialect() },
    // Gemma 4 (preset gemma-4): <|tool_call>call:NAME{…} written as JSON, behind <|channel>thought, which the model opens.
    { tool: gemma4ToolDialect(), reasoning: gemma4ReasoningDialect() },
  ];
  return rows.map(({ tool, reasoning }) => ({
    title: `${tool.id} (${reasoning.id})`,
    tool,
    reasoning,
    tools: writeTool,
    trace: (bytes) => dialectTrace(tool.id, bytes),
  }));
}
