import { contentText } from "./prepare-vllm-messages";
import { type FamilyRender, raise } from "./template-model";

const DEFAULT_SYSTEM =
  "You are Devstral-Small-2-24B-Instruct-2512, a Large Language Model (LLM) created by Mistral AI.";
const ID = /^[a-zA-Z0-9]{9}$/;

/**
 * Devstral 2 / Magistral (the v13 template Mistral ships for Devstral Small 2, `[TOOL_CALLS]NAME[ARGS]{…}`), with the
 * checks mistral-common makes when vLLM serves these models in its recommended mistral tokenizer mode, as this
 * test models them (docs/dialects.md §3, mistral):
 * - the template: a leading system message (else a default one) and the tool list head the prompt; later system
 *   messages render in place; a role other than system, user, assistant or tool raises (Codex's `developer`); an
 *   assistant turn renders its text, then each call, and raises when it has neither; tool results render their
 *   text; past reasoning is never rendered; no generation prompt: the model answers after `[/INST]` or
 *   `[/TOOL_RESULTS]` and writes `[THINK]` itself when its system prompt asks;
 * - mistral-common: after a tool result only an assistant turn or another result may come (a user turn raises),
 *   and every call id is nine letters and digits (the ids of Claude Code and Codex are not).
 */
export const mistralTemplate: FamilyRender = ({ messages, tools }) => {
  const first = messages[0];
  const leading = first?.role === "system";
  let prompt = `<s>[SYSTEM_PROMPT]${leading ? contentText(first.content) : DEFAULT_SYSTEM}[/SYSTEM_PROMPT]`;
  if (tools !== undefined && tools.length > 0)
    prompt += `[AVAILABLE_TOOLS]${JSON.stringify(tools)}[/AVAILABLE_TOOLS]`;
  let previous: string | undefined;
  for (const message of leading ? messages.slice(1) : messages) {
    if (previous === "tool" && message.role !== "assistant" && message.role !== "tool")
      raise(`Unexpected role '${message.role}' after role 'tool'`);
    previous = message.role;
    const text = contentText(message.content);
    if (message.role === "system") prompt += `[SYSTEM_PROMPT]${text}[/SYSTEM_PROMPT]`;
    else if (message.role === "user") prompt += `[INST]${text}[/INST]`;
    else if (message.role === "assistant") {
      const calls = message.toolCalls ?? [];
      if (text === "" && calls.length === 0)
        raise("Assistant message must have a string or a list of chunks in content or a list of tool calls.");
      prompt += text;
      for (const call of calls) {
        if (call.id === undefined || !ID.test(call.id))
          raise(`Tool call id was ${call.id ?? "None"} but must be a-z, A-Z, 0-9, with a length of 9.`);
        prompt += `[TOOL_CALLS]${call.name}[ARGS]${JSON.stringify(call.arguments)}`;
      }
      prompt += "</s>";
    } else if (message.role === "tool") prompt += `[TOOL_RESULTS]${text}[/TOOL_RESULTS]`;
    else raise(`Only user, assistant, tool, and system roles are supported, got ${message.role}.`);
  }
  return { conversation: prompt, generation: "" };
};
