import type { ReasoningDialect, ToolDialect } from "@sluice/core";
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
import { hermesToolDialect } from "@sluice/tool-hermes";
import { kimiK2ToolDialect } from "@sluice/tool-kimi-k2";
import { kimiK3ToolDialect } from "@sluice/tool-kimi-k3";
import { minimaxM2ToolDialect } from "@sluice/tool-minimax-m2";
import { minimaxM3ToolDialect } from "@sluice/tool-minimax-m3";
import { mistralToolDialect } from "@sluice/tool-mistral";
import { qwenXmlToolDialect, seedOssToolDialect } from "@sluice/tool-qwen-xml";

/**
 * Every dialect the gateway runs, one line each (docs/dialects.md §4). Config validation, the error that
 * lists the valid names, the docs' tables and the contract tests read this list; adding a dialect is one
 * package plus one line here, which scripts/scaffold.mjs writes (scripts/register-dialect.mjs). Dialects are stateless descriptors: each stream gets its own parser.
 */
export const DIALECTS: readonly (ReasoningDialect | ToolDialect)[] = [
  qwen3ReasoningDialect(),
  deepseekR1ReasoningDialect(),
  deepseekV41ReasoningDialect(),
  minimaxM3ReasoningDialect(),
  seedOssReasoningDialect(),
  mistralReasoningDialect(),
  kimiK3ReasoningDialect(),
  harmonyReasoningDialect(),
  gemma4ReasoningDialect(),
  qwenXmlToolDialect(),
  hermesToolDialect(),
  glm45ToolDialect(),
  glm47ToolDialect(),
  minimaxM2ToolDialect(),
  minimaxM3ToolDialect(),
  deepseekV31ToolDialect(),
  deepseekDsmlToolDialect(),
  kimiK2ToolDialect(),
  seedOssToolDialect(),
  mistralToolDialect(),
  kimiK3ToolDialect(),
  harmonyToolDialect(),
  gemma4ToolDialect(),
];

export const REASONING_DIALECTS: readonly ReasoningDialect[] = DIALECTS.filter(
  (dialect): dialect is ReasoningDialect => dialect.kind === "reasoning",
);

export const TOOL_DIALECTS: readonly ToolDialect[] = DIALECTS.filter(
  (dialect): dialect is ToolDialect => dialect.kind === "tool",
);

/** The dialect a config name means: its id, or one of the peers' names for it. */
export function findReasoningDialect(name: string): ReasoningDialect | undefined {
  return REASONING_DIALECTS.find((dialect) => dialect.id === name || dialect.aliases.includes(name));
}

export function findToolDialect(name: string): ToolDialect | undefined {
  return TOOL_DIALECTS.find((dialect) => dialect.id === name || dialect.aliases.includes(name));
}

/** Every name a config may write for a kind: the ids, then the peers' names. */
export function acceptedNames(dialects: readonly (ReasoningDialect | ToolDialect)[]): string[] {
  return [...dialects.map((dialect) => dialect.id), ...dialects.flatMap((dialect) => dialect.aliases)];
}
