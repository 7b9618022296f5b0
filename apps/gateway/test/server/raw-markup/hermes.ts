import type { RawMarkup } from "./raw-markup";

export const markup: RawMarkup = {
  dialect: "hermes",
  render: (calls) =>
    calls
      .map(
        (call) =>
          `<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.arguments })}\n</tool_call>`,
      )
      .join("\n"),
};
