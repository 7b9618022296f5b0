import type { RawMarkup } from "./raw-markup";

// As GLM-4.5/4.6's chat template renders an assistant's tool calls (llama.cpp models/templates/GLM-4.6.jinja,
// docs/dialects.md §3): `\n<tool_call>NAME`, then a `<arg_key>` line and an `<arg_value>` line per
// argument, then `</tool_call>`; string values raw, others as JSON.
export const markup: RawMarkup = {
  dialect: "glm45",
  render: (calls) =>
    calls
      .map(
        (call) =>
          `<tool_call>${call.name}\n${Object.entries(call.arguments)
            .map(
              ([key, value]) =>
                `<arg_key>${key}</arg_key>\n<arg_value>${typeof value === "string" ? value : JSON.stringify(value)}</arg_value>\n`,
            )
            .join("")}</tool_call>`,
      )
      .join("\n"),
};
