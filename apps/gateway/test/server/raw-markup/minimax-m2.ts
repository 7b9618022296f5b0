import type { RawMarkup } from "./raw-markup";

// As MiniMax M2's chat template renders an assistant's tool calls (docs/dialects.md §3): one wrapper,
// one `<invoke>` per call, each parameter on its own line, string values raw and others as JSON.
export const markup: RawMarkup = {
  dialect: "minimax_m2",
  render: (calls) =>
    `<minimax:tool_call>\n${calls
      .map(
        (call) =>
          `<invoke name="${call.name}">\n${Object.entries(call.arguments)
            .map(
              ([key, value]) =>
                `<parameter name="${key}">${typeof value === "string" ? value : JSON.stringify(value)}</parameter>\n`,
            )
            .join("")}</invoke>\n`,
      )
      .join("")}</minimax:tool_call>`,
};
