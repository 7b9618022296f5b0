import { contentText } from "./prepare-vllm-messages";
import { parameters } from "./qwen35-template";
import { type FamilyRender, type PreparedMessage, raise } from "./template-model";

/**
 * Seed-OSS as this test models it (docs/dialects.md §3, seed_oss; written from the research notes, not from the
 * template rendered): `<seed:bos>ROLE\n…<seed:eos>` turns; one system message, first (the notes say Seed-OSS reuses
 * Qwen3.5's body, which raises on a later one); tools declared in the system turn (a JSON stand-in for its Python
 * signatures); tool results as `tool` turns; every past reasoning re-rendered from `reasoning_content` in
 * `<seed:think>`; each call in its own `<seed:tool_call>` block. The generation prompt opens no think tag (the model
 * writes `<seed:think>` itself), except `thinking_budget: 0`, which ends it `<seed:think><seed:cot_budget_reflect>`.
 */
export const seedOssTemplate: FamilyRender = ({ messages, tools, kwargs }) => {
  let prompt = "";
  const first = messages[0];
  const system = first?.role === "system" ? text(first) : undefined;
  if (tools !== undefined && tools.length > 0) {
    prompt += `<seed:bos>system\n${system === undefined ? "" : `${system}\n\n`}Tools:\n${JSON.stringify(tools)}<seed:eos>`;
  } else if (system !== undefined) {
    prompt += `<seed:bos>system\n${system}<seed:eos>`;
  }
  messages.forEach((message, index) => {
    const content = text(message);
    if (message.role === "system") {
      if (index > 0) raise("System message must be at the beginning.");
    } else if (message.role === "user" || message.role === "tool") {
      prompt += `<seed:bos>${message.role}\n${content}<seed:eos>`;
    } else if (message.role === "assistant") {
      const reasoning = message.reasoning?.trim() ?? "";
      prompt += `<seed:bos>assistant\n${reasoning === "" ? "" : `<seed:think>${reasoning}</seed:think>`}${content}`;
      for (const call of message.toolCalls ?? []) {
        prompt += `<seed:tool_call>\n<function=${call.name}>\n${parameters(call.arguments)}</function>\n</seed:tool_call>`;
      }
      prompt += "<seed:eos>";
    } else {
      raise("Unexpected message role.");
    }
  });
  const budget = kwargs.thinking_budget === 0 ? "<seed:think><seed:cot_budget_reflect>" : "";
  return { conversation: prompt, generation: `<seed:bos>assistant\n${budget}` };
};

function text(message: PreparedMessage): string {
  return contentText(message.content);
}
