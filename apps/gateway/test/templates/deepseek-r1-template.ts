import { pythonType } from "./deepseek-v31-template";
import { contentText } from "./prepare-vllm-messages";
import { type FamilyRender, type PreparedMessage, raise } from "./template-model";

/**
 * DeepSeek-R1 (the R1 / R1-Distill `tokenizer_config.json` template). Only the LAST system message
 * is kept (each one overwrites the system prompt, so earlier ones are dropped silently); a role it
 * does not know is dropped; reasoning is never rendered (only the content after `</think>`). Like
 * V3.1 it concatenates each call's `arguments` as a string, so under vLLM a past tool call raises.
 * The generation prompt always opens `<think>\n`, but only when the last message is not a tool
 * result (after one it only closes the outputs block).
 */
export const deepseekR1Template: FamilyRender = ({ messages }) => {
  const systems = messages.filter((message) => message.role === "system");
  const last = systems[systems.length - 1];
  let prompt = `<｜begin▁of▁sentence｜>${last === undefined ? "" : text(last)}`;
  let afterTool = false;
  let firstOutput = true;
  let callsSeen = false;
  for (const message of messages) {
    const content = text(message);
    if (message.role === "user") {
      afterTool = false;
      prompt += `<｜User｜>${content}`;
    }
    if (message.role === "assistant" && message.toolCalls !== undefined) {
      afterTool = false;
      message.toolCalls.forEach((call, index) => {
        if (typeof call.arguments !== "string") {
          raise(`can only concatenate str (not "${pythonType(call.arguments)}") to str`);
        }
        const head = index === 0 && !callsSeen ? "<｜Assistant｜><｜tool▁calls▁begin｜>" : "\n";
        prompt += `${head}<｜tool▁call▁begin｜>function<｜tool▁sep｜>${call.name}\n\`\`\`json\n${call.arguments}\n\`\`\`<｜tool▁call▁end｜>`;
      });
      callsSeen = true;
      prompt += "<｜tool▁calls▁end｜><｜end▁of▁sentence｜>";
    }
    // vLLM hands an absent content as "", which this template still renders as a turn.
    if (message.role === "assistant") {
      if (afterTool) {
        prompt += `<｜tool▁outputs▁end｜>${content}<｜end▁of▁sentence｜>`;
        afterTool = false;
      } else {
        const answer = content.includes("</think>") ? (content.split("</think>").pop() ?? "") : content;
        prompt += `<｜Assistant｜>${answer}<｜end▁of▁sentence｜>`;
      }
    }
    if (message.role === "tool") {
      afterTool = true;
      prompt += `${firstOutput ? "<｜tool▁outputs▁begin｜>" : "\n"}<｜tool▁output▁begin｜>${content}<｜tool▁output▁end｜>`;
      firstOutput = false;
    }
  }
  if (afterTool) return { conversation: `${prompt}<｜tool▁outputs▁end｜>`, generation: "" };
  return { conversation: prompt, generation: "<｜Assistant｜><think>\n" };
};

function text(message: PreparedMessage): string {
  return contentText(message.content);
}
