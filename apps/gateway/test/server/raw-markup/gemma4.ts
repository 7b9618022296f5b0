import type { RawMarkup } from "./raw-markup";

const QUOTE = '<|"|>';

// As Gemma 4 writes its tool calls (docs/dialects.md §3, its template's format_argument): one <|tool_call> per
// call, keys bare and sorted, strings between <|"|>, numbers bare.
export const markup: RawMarkup = {
  dialect: "gemma4",
  render: (calls) =>
    calls
      .map(
        (call) =>
          `<|tool_call>call:${call.name}{${Object.entries(call.arguments)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([key, value]) => `${key}:${typeof value === "string" ? `${QUOTE}${value}${QUOTE}` : value}`)
            .join(",")}}<tool_call|>`,
      )
      .join(""),
};
