import type { ToolDialect } from "@sluice/core";
import { TagCallParser } from "@sluice/tool-kit";
import { qwenXmlGrammar } from "./qwen-xml-grammar";
import { resolveQwenXmlLimits } from "./qwen-xml-limits";
import { SEED_OSS_BLOCK } from "./qwen-xml-markers";
import type { QwenXmlOptions } from "./qwen-xml-tool-dialect";

/**
 * `seed_oss` (docs/dialects.md §2, Seed-OSS): ByteDance Seed-OSS writes qwen_xml's body inside its own block,
 * `<seed:tool_call>\n<function=NAME>\n<parameter=P>\nVALUE\n</parameter>\n</function>\n</seed:tool_call>`, one
 * block per call; vLLM's parser is its qwen3_coder one with those tokens swapped, so this is qwen_xml's grammar
 * with the block as a parameter, not a copy. The `<seed:…>` tags are special tokens: the server must keep them.
 */
export function seedOssToolDialect(options: QwenXmlOptions = {}): ToolDialect {
  const grammar = qwenXmlGrammar(resolveQwenXmlLimits(options), SEED_OSS_BLOCK);
  return {
    kind: "tool",
    id: "seed_oss",
    // vLLM's and llama.cpp's name is the id itself.
    aliases: [],
    description:
      "Seed-OSS: qwen_xml's `<function=NAME><parameter=P>VALUE</parameter>…` inside `<seed:tool_call>`",
    markers: [
      "<seed:tool_call>",
      "<function=",
      "<parameter=",
      "</parameter>",
      "</function>",
      "</seed:tool_call>",
    ],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    createParser: (context, sink) => new TagCallParser(context, sink, grammar),
  };
}
