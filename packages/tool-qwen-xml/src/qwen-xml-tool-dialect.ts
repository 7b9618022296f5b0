import type { ToolDialect } from "@sluice/core";
import { TagCallParser } from "@sluice/tool-kit";
import { qwenXmlGrammar } from "./qwen-xml-grammar";
import { type QwenXmlLimits, resolveQwenXmlLimits } from "./qwen-xml-limits";

/** Bounds on what the parser holds while deciding; the defaults suit every model seen so far. */
export type QwenXmlOptions = Partial<QwenXmlLimits>;

/**
 * `qwen_xml` (docs/dialects.md §2): the Qwen3-Coder / Qwen3.5 tool-call format
 * `<tool_call>\n<function=NAME>\n<parameter=P>\nVALUE\n</parameter>\n…</function>\n</tool_call>`,
 * parsed incrementally by tool-kit's TagCallParser, with string values streamed as they arrive.
 */
export function qwenXmlToolDialect(options: QwenXmlOptions = {}): ToolDialect {
  const grammar = qwenXmlGrammar(resolveQwenXmlLimits(options));
  return {
    kind: "tool",
    id: "qwen_xml",
    // vLLM's names for the same format; its `qwen35coder` (Qwen3.5-Coder) subclasses `qwen3_coder` and changes
    // only its own streaming, which this parser already does (docs/dialects.md §2). `step3p5`: vLLM's and
    // SGLang's parser for Step 3.5/3.7 Flash, which write this format byte for byte (docs/dialects.md §3).
    aliases: ["qwen3_coder", "qwen3_xml", "qwen35coder", "step3p5"],
    description:
      "Qwen3-Coder, Qwen3.5/3.6, Qwen3.5-Coder: `<tool_call><function=NAME><parameter=P>VALUE</parameter>…`",
    markers: ["<tool_call>", "<function=", "<parameter=", "</parameter>", "</function>", "</tool_call>"],
    createParser: (context, sink) => new TagCallParser(context, sink, grammar),
  };
}
