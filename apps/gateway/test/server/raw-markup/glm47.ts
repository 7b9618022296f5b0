import type { RawMarkup } from "./raw-markup";

// As GLM-4.7/5.x's chat template renders an assistant's tool calls (docs/dialects.md §3; GLM-4.7-Flash
// and GLM-5 templates): `<tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value>…</tool_call>` with no
// newlines, calls back to back; string values raw, others as JSON.
export const markup: RawMarkup = {
  dialect: "glm47",
  render: (calls) =>
    calls
      .map(
        (call) =>
          `<tool_call>${call.name}${Object.entries(call.arguments)
            .map(
              ([key, value]) =>
                `<arg_key>${key}</arg_key><arg_value>${typeof value === "string" ? value : JSON.stringify(value)}</arg_value>`,
            )
            .join("")}</tool_call>`,
      )
      .join(""),
};
