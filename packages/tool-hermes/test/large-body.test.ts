import { createParserContext, createSegmenter, type Segment } from "@sluice/core";
import { describe, expect, it } from "vitest";
import { hermesToolDialect } from "../src";

describe("hermes: a 1 MiB string argument in 1-byte chunks", () => {
  it("parses byte-exact, holding one body and scanning each character once (docs/architecture.md I7)", () => {
    const content = 'x\\"}</tool_call>{ '.repeat(Math.ceil((1 << 20) / 19)).slice(0, 1 << 20);
    const argumentsJson = `{"content": ${JSON.stringify(content)}}`;
    const input = `Writing.\n<tool_call>\n{"name": "write_file", "arguments": ${argumentsJson}}\n</tool_call>`;
    const segments: Segment[] = [];
    const segmenter = createSegmenter({
      tool: hermesToolDialect(),
      context: createParserContext({ thinking: false }),
      sink: (segment) => segments.push(segment),
    });
    for (let index = 0; index < input.length; index++) segmenter.push(input[index] as string);
    segmenter.end();
    const deltas = segments.filter((segment) => segment.type === "tool-call-delta");
    expect(deltas).toHaveLength(1);
    expect(deltas[0]?.type === "tool-call-delta" && deltas[0].argumentsJson === argumentsJson).toBe(true);
    expect(JSON.parse(argumentsJson).content).toBe(content);
    const conserved = segments.map((segment) => ("text" in segment ? segment.text : "")).join("");
    expect(conserved === input).toBe(true);
  });
});
