import type { RawMarkup } from "./raw-markup";

// Kimi K2's template: one section, ids `functions.NAME:IDX` counted across the conversation, compact JSON.
export const markup: RawMarkup = {
  dialect: "kimi_k2",
  render: (calls) =>
    `<|tool_calls_section_begin|>${calls
      .map(
        (call, index) =>
          `<|tool_call_begin|>functions.${call.name}:${index}<|tool_call_argument_begin|>${JSON.stringify(call.arguments)}<|tool_call_end|>`,
      )
      .join("")}<|tool_calls_section_end|>`,
};
