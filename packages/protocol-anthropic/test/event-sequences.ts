import type { StreamSpec } from "@sluice/events/testkit";

export const THINKING_TEXT_TOOLS: StreamSpec = {
  blocks: [
    {
      type: "thinking",
      chunks: ["The user wants ", "the weather", " in two cities."],
      signature: "sig-sluice-1",
    },
    { type: "text", chunks: ["Let me ", "check both."] },
    { type: "tool-call", id: "toolu_01A", name: "get_weather", jsonChunks: ["", '{"city": "Par', 'is"}'] },
    {
      type: "tool-call",
      id: "toolu_01B",
      name: "get_weather",
      jsonChunks: ['{"city":', '"Zürich", "units": ["c"', ', "f"], "deep": {"a": null}}'],
    },
  ],
  stopReason: "tool_use",
  inputTokens: 1200,
  outputTokens: 96,
};
