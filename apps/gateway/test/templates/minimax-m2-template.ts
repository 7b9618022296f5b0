import { minimaxTemplate } from "./minimax-template";

/**
 * MiniMax-M2 (`chat_template.jinja`; M2.1 and M2.5 keep it): MiniMax's message loop, calls as
 * `<minimax:tool_call>` blocks; the generation prompt always opens `<think>` (the family always thinks).
 */
export const minimaxM2Template = minimaxTemplate({
  thinkOpen: "<think>",
  thinkClose: "</think>",
  calls: (calls) => {
    let block = "\n<minimax:tool_call>\n";
    for (const call of calls) {
      const params = Object.entries((call.arguments ?? {}) as object)
        .map(
          ([key, value]) =>
            `<parameter name="${key}">${typeof value === "string" ? value : JSON.stringify(value)}</parameter>`,
        )
        .join("");
      block += `<invoke name="${call.name}">${params}</invoke>\n`;
    }
    return `${block}</minimax:tool_call>`;
  },
  generation: () => "<think>\n",
});
