import type { ReasoningDialect, ToolDialect } from "@sluice/core";
import type { TranscoderOptions } from "@sluice/pipeline";
import {
  acceptedNames,
  findReasoningDialect,
  findToolDialect,
  REASONING_DIALECTS,
  TOOL_DIALECTS,
} from "../config/dialect-registry";
import type { RecordedTranscoderOptions } from "./recorded-exchange";

/** The way back from `serializeTranscoderOptions`: dialect names through today's registry. */
export type RebuiltOptions =
  | { readonly ok: true; readonly options: TranscoderOptions }
  | { readonly ok: false; readonly message: string };

export function rebuildTranscoderOptions(recorded: RecordedTranscoderOptions): RebuiltOptions {
  let reasoning: ReasoningDialect | undefined;
  if (recorded.reasoning !== null) {
    reasoning = findReasoningDialect(recorded.reasoning);
    if (reasoning === undefined) return unknownDialect("reasoning", recorded.reasoning, REASONING_DIALECTS);
  }
  let tool: ToolDialect | undefined;
  if (recorded.tool !== null) {
    tool = findToolDialect(recorded.tool);
    if (tool === undefined) return unknownDialect("tool", recorded.tool, TOOL_DIALECTS);
  }
  return {
    ok: true,
    options: {
      reasoning,
      tool,
      thinking: recorded.thinking,
      startsInReasoning: recorded.starts_in_reasoning ?? undefined,
      tools: new Map(recorded.tools.map((entry) => [entry.name, entry.input_schema])),
      stopSequences: recorded.stop_sequences,
      disableParallelToolUse: recorded.disable_parallel_tool_use,
      model: recorded.model,
      inputTokens: recorded.input_tokens,
      ...(recorded.signature === null ? {} : { signature: recorded.signature }),
    },
  };
}

// A file recorded by a newer gateway, or a dialect since renamed: say which names this one knows.
function unknownDialect(
  kind: "reasoning" | "tool",
  name: string,
  dialects: readonly (ReasoningDialect | ToolDialect)[],
): RebuiltOptions {
  return {
    ok: false,
    message: `transcoder.${kind}: unknown ${kind} dialect "${name}" (known: ${acceptedNames(dialects).join(", ")})`,
  };
}
