import type { ToolDialect } from "@sluice/core";
import { DeepseekDsmlToolParser } from "./deepseek-dsml-tool-parser";
import { type DsmlLimits, resolveDsmlLimits } from "./dsml-limits";
import { CLOSE_PREFIX, END_OF_SENTENCE, OPEN_PREFIX } from "./dsml-markers";

/** Bounds on what the parser holds while deciding; the defaults suit every model seen so far. */
export type DeepseekDsmlOptions = Partial<DsmlLimits>;

/**
 * `deepseek_dsml` (docs/dialects.md §3; research §4.2): DeepSeek V3.2 / V4 / V4.1 tool calls,
 * `<｜DSML｜function_calls>` (V4 `tool_calls`, V4.1 `<｜DSML｜ calls>`) around
 * `<｜DSML｜invoke name="N"><｜DSML｜parameter name="K" string="true|false">V</｜DSML｜parameter>…`,
 * parsed incrementally, with string values streamed as they arrive.
 */
export function deepseekDsmlToolDialect(options: DeepseekDsmlOptions = {}): ToolDialect {
  const limits = resolveDsmlLimits(options);
  return {
    kind: "tool",
    id: "deepseek_dsml",
    // The peers' names: vLLM `deepseek_v32` / `deepseek_v4`, SGLang `deepseekv32` / `deepseekv4`.
    aliases: ["deepseek_v32", "deepseek_v4", "deepseekv32", "deepseekv4"],
    description:
      'DeepSeek V3.2/V4/V4.1 DSML: `<｜DSML｜function_calls>` (V4 `tool_calls`, V4.1 `<｜DSML｜ calls>`), `<｜DSML｜invoke name="N"><｜DSML｜parameter name="K" string="true|false">V</｜DSML｜parameter>…`',
    markers: [
      `${OPEN_PREFIX}function_calls>`,
      `${OPEN_PREFIX}tool_calls>`,
      `${OPEN_PREFIX} calls>`,
      `${OPEN_PREFIX}invoke name="`,
      `${OPEN_PREFIX}parameter name="`,
      `${CLOSE_PREFIX}parameter>`,
      `${CLOSE_PREFIX}invoke>`,
      `${CLOSE_PREFIX}function_calls>`,
      `${CLOSE_PREFIX}tool_calls>`,
      `${CLOSE_PREFIX} calls>`,
      END_OF_SENTENCE,
    ],
    // `｜DSML｜` is a special token (research §1.2): servers drop it, or space it, unless told not to.
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    createParser: (context, sink) => new DeepseekDsmlToolParser(context, sink, limits),
  };
}
