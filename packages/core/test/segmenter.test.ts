import { describe, expect, it } from "vitest";
import {
  createParserContext,
  createSegmenter,
  type ReasoningDialect,
  type Segment,
  ThinkTagParser,
  type ToolDialect,
} from "../src";
import { echoToolDialect, segmentText } from "../src/testkit";

const reasoningDialect = (toolCallEndsReasoning: boolean): ReasoningDialect => ({
  kind: "reasoning",
  id: "test",
  alwaysThinks: false,
  toolCallEndsReasoning,
  createParser: (context, sink) =>
    new ThinkTagParser(
      {
        startsInReasoning: (c) => c.thinking,
        thinkInContent: "before-content",
        trimTrailingWhitespace: false,
      },
      context,
      sink,
    ),
});

describe("segmenter", () => {
  it("passes everything on as text with neither dialect", () => {
    const segments: Segment[] = [];
    const segmenter = createSegmenter({
      context: createParserContext({ thinking: true }),
      sink: (s) => segments.push(s),
    });
    segmenter.push("<think>a</think>");
    segmenter.end();
    expect(segments).toEqual([{ type: "text", text: "<think>a</think>" }]);
    expect(segmenter.mode).toBe("content");
  });

  it("reports its mode: reasoning, content, tool-call", () => {
    const segments: Segment[] = [];
    const segmenter = createSegmenter({
      reasoning: reasoningDialect(true),
      context: createParserContext({ thinking: true }),
      sink: (s) => segments.push(s),
    });
    expect(segmenter.mode).toBe("reasoning");
    segmenter.push("x</think>");
    expect(segmenter.mode).toBe("content");
  });

  it("ends an open reasoning span at a confirmed call only when the reasoning dialect allows it", () => {
    const input = "plan<tool_call>\n<function=f>";
    const ends = segmentText(
      { reasoning: reasoningDialect(true), tool: echoToolDialect(), thinking: true },
      input,
    );
    expect(ends).toMatchObject({ reasoning: "plan", content: "<tool_call>\n<function=f>" });
    const keeps = segmentText(
      { reasoning: reasoningDialect(false), tool: echoToolDialect(), thinking: true },
      input,
    );
    expect(keeps).toMatchObject({ reasoning: input, content: null, calls: [] });
  });

  it("gives the tool parser the call-start policy of the moment", () => {
    const policies: string[] = [];
    const probe: ToolDialect = {
      kind: "tool",
      id: "probe",
      createParser: (context, sink) => ({
        inCall: false,
        push: (text) => {
          for (const character of text) {
            sink({ type: "text", text: character });
            if (character === "|") policies.push(context.callStartPolicy());
          }
        },
        end: () => {},
      }),
    };
    segmentText({ reasoning: reasoningDialect(true), tool: probe, thinking: true }, "|</think>|");
    segmentText({ reasoning: reasoningDialect(false), tool: probe, thinking: true }, "|");
    expect(policies).toEqual(["explicit", "all", "none"]);
  });

  it("allocates call indexes from the shared context counter", () => {
    const context = createParserContext({ thinking: false });
    expect([context.allocateCallIndex(), context.allocateCallIndex()]).toEqual([0, 1]);
  });
});
