import type { RawMarkup } from "./raw-markup";

export const markup: RawMarkup = {
  dialect: "qwen_xml",
  render: (calls) =>
    calls
      .map(
        (call) =>
          `<tool_call>\n<function=${call.name}>\n${Object.entries(call.arguments)
            .map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`)
            .join("")}</function>\n</tool_call>`,
      )
      .join("\n"),
};
