import type { RawMarkup } from "./raw-markup";

// As Mistral Small 3.2+, Devstral and Magistral write their calls (docs/dialects.md §3): `[TOOL_CALLS]` before each.
export const markup: RawMarkup = {
  dialect: "mistral",
  render: (calls) =>
    calls.map((call) => `[TOOL_CALLS]${call.name}[ARGS]${JSON.stringify(call.arguments)}`).join(""),
};
