import type { ToolDialect } from "@sluice/core";
import { HermesToolParser } from "./hermes-tool-parser";

/** `hermes` (Qwen2.5 / Qwen3 / Hermes JSON): `<tool_call>\n{"name": …, "arguments": {…}}\n</tool_call>`. */
export function hermesToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "hermes",
    createParser: (context, sink) => new HermesToolParser(context, sink),
  };
}
