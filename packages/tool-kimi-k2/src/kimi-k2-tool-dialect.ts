import type { ToolDialect } from "@sluice/core";
import { ARGUMENT_BEGIN, CALL_BEGIN, CALL_END, SECTION_BEGIN, SECTION_END } from "./kimi-k2-markers";
import { KimiK2ToolParser } from "./kimi-k2-tool-parser";

/** `kimi_k2`: Kimi K2/K2.5/K2.6: <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{json}<|tool_call_end|>… */
export function kimiK2ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "kimi_k2",
    // vLLM's and SGLang's name for this format is the id itself.
    aliases: [],
    description:
      "Kimi K2/K2.5/K2.6: `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{json}<|tool_call_end|>…`",
    markers: [SECTION_BEGIN, CALL_BEGIN, ARGUMENT_BEGIN, CALL_END, SECTION_END],
    // The markers are special tokens: servers drop them (and pad them with spaces) unless told not to.
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    // The template writes a past call's id verbatim after <|tool_call_begin|> (and in "## Return of ID"):
    // the model was trained on functions.NAME:IDX there, IDX counting the conversation's calls.
    historyToolCallId: (name, index) => `functions.${name}:${index}`,
    createParser: (context, sink) => new KimiK2ToolParser(context, sink),
  };
}
