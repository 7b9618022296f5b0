import {
  decideValueTag as decideTag,
  type OpenParameters,
  TagGrammarValueRules,
  type ValueTagDecision,
} from "@sluice/tool-kit";
import { qwenXmlGrammar } from "./qwen-xml-grammar";
import type { QwenXmlLimits } from "./qwen-xml-limits";

export type { ValueTagDecision };

/** Literal tags opened inside the current value and not yet closed (t026, t028), one count per tag. */
export interface LiteralDepths {
  parameter: number;
  function: number;
  toolCall: number;
}

export interface ValueTagContext extends OpenParameters {
  readonly depths: LiteralDepths;
  /** The value's source so far ends a line. */
  readonly atLineStart: boolean;
  readonly limits: QwenXmlLimits;
}

/**
 * One marker met inside a qwen_xml value, decided by tool-kit's decideValueTag over qwen_xml's grammar, in
 * qwen_xml's names (`<function=` is the call's tag, `<tool_call>` the block's): what TagCallParser decides for
 * each, asked one tag at a time. Updates `context.depths` for literal tags.
 */
export function decideValueTag(
  marker: string,
  buffer: string,
  index: number,
  final: boolean,
  context: ValueTagContext,
): ValueTagDecision {
  const { depths } = context;
  const rules = new TagGrammarValueRules(qwenXmlGrammar(context.limits), context);
  const tag = rules.tagAt(marker, buffer, index, final);
  if (tag === "hold" || tag === "literal") return { kind: tag };
  const kitDepths = { parameter: depths.parameter, call: depths.function, block: depths.toolCall };
  const decision = decideTag(tag, buffer, final, {
    depths: kitDepths,
    atLineStart: context.atLineStart,
    rules,
  });
  depths.parameter = kitDepths.parameter;
  depths.function = kitDepths.call;
  depths.toolCall = kitDepths.block;
  return decision;
}
