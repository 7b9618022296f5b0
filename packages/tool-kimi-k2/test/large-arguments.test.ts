import { createParserContext } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { KimiK2ToolParser } from "../src";

/** A value of `length` code units: code with quotes, backslashes, markers and astral characters. */
function largeValue(length: number): string {
  const line = 'if (a < b) { s = "<|tool_call_end|> }"; path = "C:\\\\tmp"; } // 🌍 é\n';
  return line.repeat(Math.ceil(length / line.length)).slice(0, length);
}

describe("a 1 MiB string argument in 1-character chunks (docs/architecture.md I7)", () => {
  it("streams live, byte-exact, with the held text bounded", () => {
    const argumentsJson = JSON.stringify({ path: "big.txt", content: largeValue(1024 * 1024) });
    const source = `Writing.<|tool_calls_section_begin|><|tool_call_begin|>functions.write:0<|tool_call_argument_begin|>${argumentsJson}<|tool_call_end|><|tool_calls_section_end|>`;
    const deltas: string[] = [];
    const conserved: string[] = [];
    let maxHeld = 0;
    const parser = new KimiK2ToolParser(
      { ...createParserContext({ thinking: false }), callStartPolicy: () => "all" },
      (segment) => {
        if (segment.type === "tool-call-delta") deltas.push(segment.argumentsJson);
        else if (segment.type === "markup" || segment.type === "text") conserved.push(segment.text);
      },
    );
    for (let index = 0; index < source.length; index++) {
      parser.push(source[index] as string);
      if (parser.heldLength > maxHeld) maxHeld = parser.heldLength;
    }
    parser.end();
    expect(deltas.join("") === argumentsJson).toBe(true);
    expect(conserved.join("") === source).toBe(true);
    // Live: about one delta per character of the value, not one at the close.
    expect(deltas.length).toBeGreaterThan(argumentsJson.length / 2);
    expect(maxHeld).toBeLessThan(1024);
  });
});
