import type { RawMarkup } from "./raw-markup";

// DeepSeek V4's template (V3.2 names the block `function_calls`): strings verbatim with string="true", any
// other value as JSON with string="false" (docs/dialects.md §3, `deepseek_dsml`).
export const markup: RawMarkup = {
  dialect: "deepseek_dsml",
  render: (calls) =>
    `<｜DSML｜tool_calls>\n${calls
      .map(
        (call) =>
          `<｜DSML｜invoke name="${call.name}">\n${Object.entries(call.arguments)
            .map(([key, value]) =>
              typeof value === "string"
                ? `<｜DSML｜parameter name="${key}" string="true">${value}</｜DSML｜parameter>\n`
                : `<｜DSML｜parameter name="${key}" string="false">${JSON.stringify(value)}</｜DSML｜parameter>\n`,
            )
            .join("")}</｜DSML｜invoke>\n`,
      )
      .join("")}</｜DSML｜tool_calls>`,
};
