import { minimaxTemplate } from "./minimax-template";

const NS = "]<]minimax[>[";

/**
 * MiniMax M3 as this test models it (no M3 template is in llama.cpp's copies): MiniMax's message loop, taken to be
 * M2's; calls written as M3 writes them (vLLM's and SGLang's parsers: every tag after the namespace token, a
 * parameter named by its tag, an object as child tags, an array as repeated `<item>`, a scalar raw) and past
 * reasoning in `<mm:think>`; the generation prompt opens `<mm:think>` only with `thinking_mode: "enabled"`.
 */
export const minimaxM3Template = minimaxTemplate({
  thinkOpen: "<mm:think>",
  thinkClose: "</mm:think>",
  calls: (calls) =>
    `\n${NS}<tool_call>\n${calls
      .map(
        (call) =>
          `${NS}<invoke name="${call.name}">${Object.entries((call.arguments ?? {}) as object)
            .map(([key, value]) => element(key, value))
            .join("")}${NS}</invoke>\n`,
      )
      .join("")}${NS}</tool_call>`,
  generation: (kwargs) => (kwargs.thinking_mode === "enabled" ? "<mm:think>\n" : ""),
});

function element(key: string, value: unknown): string {
  return `${NS}<${key}>${elementBody(value)}${NS}</${key}>`;
}

function elementBody(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => element("item", item)).join("");
  if (typeof value === "object" && value !== null)
    return Object.entries(value)
      .map(([key, inner]) => element(key, inner))
      .join("");
  return typeof value === "string" ? value : JSON.stringify(value);
}
