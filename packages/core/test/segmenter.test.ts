import { describe, expect, it } from "vitest";
import {
  createParserContext,
  createSegmenter,
  type ReasoningDialect,
  type Segment,
  ThinkTagParser,
  type ToolDialect,
} from "../src";
import { echoToolDialect, segmentText, summarize } from "../src/testkit";

const reasoningDialect = (toolCallEndsReasoning: boolean): ReasoningDialect => ({
  kind: "reasoning",
  id: "test",
  aliases: [],
  description: "test",
  markers: ["<think>", "</think>"],
  alwaysThinks: false,
  toolCallEndsReasoning,
  createParser: (context, sink) =>
    new ThinkTagParser(
      {
        startsInReasoning: (c) => c.thinking,
        thinkInContent: "before-content",
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
      aliases: [],
      description: "probe",
      markers: [],
      createParser: (context, sink) => ({
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

  it("goes passive for reasoning once the server delivered structured reasoning: content is text", () => {
    const segments: Segment[] = [];
    const segmenter = createSegmenter({
      reasoning: reasoningDialect(true),
      tool: echoToolDialect(),
      context: createParserContext({ thinking: true }),
      sink: (s) => segments.push(s),
    });
    // Thinking is on, so the raw dialect would start in reasoning and swallow the answer.
    segmenter.serverParsed("reasoning");
    segmenter.push("The answer");
    segmenter.push(" is 4.</think>");
    segmenter.push("\n<tool_call>\n<function=f>");
    segmenter.end();
    const summary = summarize(segments);
    // The echo dialect echoes what follows a call as text.
    expect(summary).toMatchObject({
      reasoning: null,
      content: "The answer is 4.</think>\n<tool_call>\n<function=f>",
    });
    // The tool dialect still parses raw markup (a server with a reasoning parser but no tool parser).
    expect(summary.calls).toHaveLength(1);
  });

  it("goes passive for tool calls once the server delivered structured tool calls", () => {
    const segments: Segment[] = [];
    const segmenter = createSegmenter({
      reasoning: reasoningDialect(true),
      tool: echoToolDialect(),
      context: createParserContext({ thinking: false }),
      sink: (s) => segments.push(s),
    });
    segmenter.push("Checking <tool_");
    segmenter.serverParsed("tool-calls");
    segmenter.push("call>\n<function=f>");
    segmenter.end();
    expect(summarize(segments)).toMatchObject({
      content: "Checking <tool_call>\n<function=f>",
      calls: [],
    });
  });

  it("allocates call indexes from the shared context counter", () => {
    const context = createParserContext({ thinking: false });
    expect([context.allocateCallIndex(), context.allocateCallIndex()]).toEqual([0, 1]);
  });
});
