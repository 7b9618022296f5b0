import { contentText } from "./prepare-vllm-messages";
import type { FamilyRender, PreparedMessage } from "./template-model";

const DEFAULT_SYSTEM =
  "You are Doubao, a helpful AI assistant. You may call one or more functions to assist with the user query.";

/**
 * Seed-OSS (llama.cpp's `ByteDance-Seed-OSS.jinja`), as this test models it (docs/dialects.md §3, seed_oss):
 * - `<seed:bos>ROLE\n…<seed:eos>` turns. The first system message, or a default one when there are tools, heads
 *   the prompt with the tool list (Python signatures there; a JSON stand-in here); a `thinking_budget` adds a
 *   system turn of its own. Later system messages, and any other role (`developer`), render in place under their
 *   own role; it never raises.
 * - every past reasoning is re-rendered from `reasoning_content` in `<seed:think>`; an assistant turn's text
 *   (trimmed) comes before its calls, each in its own `<seed:tool_call>` block with its values written raw; a
 *   plain answer with no text gets no `<seed:eos>`.
 * - the generation prompt opens no think tag (the model writes `<seed:think>` itself), except `thinking_budget:
 *   0`, which ends it `<seed:think><seed:cot_budget_reflect>`.
 */
export const seedOssTemplate: FamilyRender = ({ messages, tools, kwargs }) => {
  const first = messages[0];
  const system = first?.role === "system" ? text(first) : undefined;
  const hasTools = tools !== undefined && tools.length > 0;
  let prompt = "";
  if (system !== undefined || hasTools) {
    prompt += `<seed:bos>system\n${system ?? DEFAULT_SYSTEM}`;
    if (hasTools) prompt += `\n\nTools:\n${JSON.stringify(tools)}`;
    prompt += "<seed:eos>";
  }
  const budget = kwargs.thinking_budget;
  if (budget === 0) prompt += "<seed:bos>system\nTHINKING-BUDGET-0<seed:eos>";
  else if (typeof budget === "number" && budget !== -1)
    prompt += `<seed:bos>system\nTHINKING-BUDGET-${budget}<seed:eos>`;
  for (const message of system === undefined ? messages : messages.slice(1)) {
    const content = text(message);
    if (message.role !== "assistant") {
      prompt += `<seed:bos>${message.role}\n${content}<seed:eos>`;
      continue;
    }
    const reasoning = message.reasoning?.trim() ?? "";
    prompt += `<seed:bos>assistant${reasoning === "" ? "" : `\n<seed:think>${reasoning}</seed:think>`}`;
    const answer = content.trim();
    const calls = message.toolCalls ?? [];
    if (calls.length === 0) {
      if (answer !== "") prompt += `\n${answer}<seed:eos>`;
      continue;
    }
    if (answer !== "") prompt += `\n${answer}\n`;
    for (const call of calls) {
      prompt += `\n<seed:tool_call>\n<function=${call.name}>\n${parameters(call.arguments)}</function>\n</seed:tool_call>`;
    }
    prompt += "<seed:eos>";
  }
  const think = budget === 0 ? "<seed:think><seed:cot_budget_reflect>" : "";
  return { conversation: prompt, generation: `<seed:bos>assistant\n${think}` };
};

function text(message: PreparedMessage): string {
  return contentText(message.content);
}

/** `<parameter=k>v</parameter>` lines, each value written raw (the template's `| string`; JSON for objects here). */
function parameters(args: unknown): string {
  if (typeof args !== "object" || args === null) return "";
  return Object.entries(args)
    .map(
      ([key, value]) =>
        `<parameter=${key}>${typeof value === "string" ? value : JSON.stringify(value)}</parameter>\n`,
    )
    .join("");
}
