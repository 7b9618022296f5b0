import type { RawMarkup } from "./raw-markup";

// DeepSeek V3.1's template (full-width ｜ and ▁), with the end-of-sentence marker some engines leave as text.
export const markup: RawMarkup = {
  dialect: "deepseek_v31",
  render: (calls) =>
    `<｜tool▁calls▁begin｜>${calls
      .map(
        (call) =>
          `<｜tool▁call▁begin｜>${call.name}<｜tool▁sep｜>${JSON.stringify(call.arguments)}<｜tool▁call▁end｜>`,
      )
      .join("")}<｜tool▁calls▁end｜><｜end▁of▁sentence｜>`,
};
