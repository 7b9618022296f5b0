import type { ToolDialect } from "@sluice/core";
import { HermesToolParser } from "./hermes-tool-parser";

/** `hermes` (Qwen2.5 / Qwen3 / Hermes JSON): `<tool_call>\n{"name": …, "arguments": {…}}\n</tool_call>`. */
export function hermesToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "hermes",
    aliases: [],
    description: 'Qwen2.5, Qwen3, Hermes: `<tool_call>{"name": …, "arguments": {…}}</tool_call>`',
    markers: ["<tool_call>", "</tool_call>"],
    createParser: (context, sink) => new HermesToolParser(context, sink),
  };
}
