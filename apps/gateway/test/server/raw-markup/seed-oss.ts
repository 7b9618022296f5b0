import type { RawMarkup } from "./raw-markup";

// As Seed-OSS writes its tool calls (docs/dialects.md §3): qwen_xml's body, each call in its own <seed:tool_call>.
export const markup: RawMarkup = {
  dialect: "seed_oss",
  render: (calls) =>
    calls
      .map(
        (call) =>
          `<seed:tool_call>\n<function=${call.name}>\n${Object.entries(call.arguments)
            .map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`)
            .join("")}</function>\n</seed:tool_call>`,
      )
      .join(""),
};
