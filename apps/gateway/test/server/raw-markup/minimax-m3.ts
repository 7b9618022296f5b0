import type { RawMarkup } from "./raw-markup";

const NS = "]<]minimax[>[";

// As MiniMax M3 writes its tool calls (docs/dialects.md §3): every tag after the namespace token, one `<invoke>`
// per call, each parameter a tag named after it, string values raw and others as JSON text.
export const markup: RawMarkup = {
  dialect: "minimax_m3",
  render: (calls) =>
    `${NS}<tool_call>\n${calls
      .map(
        (call) =>
          `${NS}<invoke name="${call.name}">${Object.entries(call.arguments)
            .map(
              ([key, value]) =>
                `${NS}<${key}>${typeof value === "string" ? value : JSON.stringify(value)}${NS}</${key}>`,
            )
            .join("")}${NS}</invoke>\n`,
      )
      .join("")}${NS}</tool_call>`,
};
