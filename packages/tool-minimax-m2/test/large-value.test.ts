import { createParserContext, type JsonSchema } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { DEFAULT_MINIMAX_M2_LIMITS, MinimaxM2ToolParser } from "../src";

const tools: Record<string, JsonSchema> = {
  write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
};

/** A value of `length` code units made of lines of code with markup-like text, quotes and astral characters. */
function largeValue(length: number): string {
  const line = 'if (a < b && c > d) { html = "<b>x</b> &amp; </p>"; path = "C:\\\\tmp"; } // 🌍 é\n';
  return line.repeat(Math.ceil(length / line.length)).slice(0, length);
}

describe("a 1 MiB string parameter in 1-character chunks (docs/architecture.md I7)", () => {
  it("comes out byte-exact, streamed live, with the held text bounded", () => {
    const value = largeValue(1024 * 1024);
    const source = `<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="content">${value}</parameter>\n</invoke>\n</minimax:tool_call>`;
    const argumentsParts: string[] = [];
    const conservedParts: string[] = [];
    let deltas = 0;
    let maxHeld = 0;
    const context = {
      ...createParserContext({ thinking: false, tools: Object.entries(tools) }),
      callStartPolicy: () => "all" as const,
    };
    const parser = new MinimaxM2ToolParser(
      context,
      (segment) => {
        if (segment.type === "tool-call-delta") {
          argumentsParts.push(segment.argumentsJson);
          deltas++;
        } else if (segment.type === "markup" || segment.type === "text") conservedParts.push(segment.text);
      },
      DEFAULT_MINIMAX_M2_LIMITS,
    );
    for (let index = 0; index < source.length; index++) {
      parser.push(source[index] as string);
      if (parser.heldLength > maxHeld) maxHeld = parser.heldLength;
    }
    parser.end();
    expect(JSON.parse(argumentsParts.join(""))).toEqual({ content: value });
    expect(conservedParts.join("") === source).toBe(true);
    // Streamed live: about one delta per character, not one at the close.
    expect(deltas).toBeGreaterThan(value.length / 2);
    expect(maxHeld).toBeLessThan(1024);
  });
});
