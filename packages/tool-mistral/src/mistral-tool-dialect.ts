import type { ToolDialect } from "@sluice/core";
import { ARGS, CALL_ID, TOOL_CALLS } from "./mistral-markers";
import { MistralToolParser } from "./mistral-tool-parser";

/**
 * `mistral` (docs/dialects.md §3): Mistral's three call forms after `[TOOL_CALLS]`. Its markers are special
 * tokens, dropped by the server unless told to keep them. Mistral's templates take only call ids of nine letters
 * and digits (vLLM's mistral tokenizer mode rejects others, the Jinja templates keep the last nine characters),
 * so past calls go upstream numbered in that form.
 */
export function mistralToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "mistral",
    // vLLM's and SGLang's `--tool-call-parser mistral` is the id itself.
    aliases: [],
    description:
      'Mistral, Devstral, Magistral: `[TOOL_CALLS]NAME[ARGS]{…}`, `[TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{…}` and `[TOOL_CALLS] [{"name": …, "arguments": {…}}]`',
    markers: [TOOL_CALLS, CALL_ID, ARGS],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    historyToolCallId: mistralToolCallId,
    createParser: (context, sink) => new MistralToolParser(context, sink),
  };
}

/** Call `index` of the conversation as a Mistral id: nine letters and digits, `call00000` … `call0000z` …. */
export function mistralToolCallId(_name: string, index: number): string {
  return `call${index.toString(36).padStart(5, "0")}`;
}
