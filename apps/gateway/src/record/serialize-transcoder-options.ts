import type { TranscoderOptions } from "@sluice/pipeline";
import type { RecordedTranscoderOptions } from "./recorded-exchange";

/**
 * `TranscoderOptions` → data a file can hold: dialects by their registry id (they are objects with
 * parser factories), tools as `{name, input_schema}` entries. The ids are not kept here: the replay
 * takes them from the recorded events. `rebuildTranscoderOptions` is the way back.
 */
export function serializeTranscoderOptions(options: TranscoderOptions): RecordedTranscoderOptions {
  return {
    reasoning: options.reasoning?.id ?? null,
    tool: options.tool?.id ?? null,
    thinking: options.thinking,
    starts_in_reasoning: options.startsInReasoning ?? null,
    tools: [...(options.tools ?? new Map()).entries()].map(([name, schema]) => ({
      name,
      input_schema: schema,
    })),
    stop_sequences: [...(options.stopSequences ?? [])],
    disable_parallel_tool_use: options.disableParallelToolUse ?? false,
    model: options.model,
    input_tokens: options.inputTokens ?? 0,
    signature: options.signature ?? null,
  };
}
