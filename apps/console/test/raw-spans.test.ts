import { describe, expect, it } from "vitest";
import type { RawRead } from "../src/api-types";
import { rawSpans } from "../src/exchange/raw-spans";

const read = (t: number, ...texts: string[]): RawRead => ({
  t,
  pieces: texts.map((text) => ({ channel: "content" as const, text })),
});

describe("rawSpans", () => {
  it("keeps a tag split across reads one tag, cut at the reads' boundary", () => {
    const spans = rawSpans([read(0, "hi <tool_"), read(5, "call>"), read(9, '{"a":1}</tool_call>')]);
    expect(spans.map((span) => [span.read, span.kind, span.text])).toEqual([
      [0, "text", "hi "],
      [0, "tool-tag", "<tool_"],
      [1, "tool-tag", "call>"],
      [2, "tool-arguments", '{"a":1}'],
      [2, "tool-tag", "</tool_call>"],
    ]);
  });

  it("gives a parsing server's fields their own kinds, with the call index", () => {
    const spans = rawSpans([
      { t: 0, pieces: [{ channel: "reasoning", text: "think" }] },
      {
        t: 1,
        pieces: [
          { channel: "tool_name", text: "get_weather", call: 0 },
          { channel: "tool_arguments", text: '{"city"', call: 0 },
        ],
      },
      { t: 2, pieces: [{ channel: "other", text: "finish_reason: tool_calls" }] },
    ]);
    expect(spans).toEqual([
      { read: 0, kind: "reasoning", text: "think" },
      { read: 1, kind: "tool-name", text: "get_weather", call: 0 },
      { read: 1, kind: "tool-arguments", text: '{"city"', call: 0 },
      { read: 2, kind: "other", text: "finish_reason: tool_calls" },
    ]);
  });

  it("loses no byte of any read", () => {
    const texts = [
      "a</thi",
      "nk>b<tool_call><function=f><parameter=x>1",
      "</parameter></function></tool_call>",
      "",
    ];
    const spans = rawSpans(texts.map((text, i) => read(i, text)));
    texts.forEach((text, i) => {
      expect(
        spans
          .filter((span) => span.read === i)
          .map((span) => span.text)
          .join(""),
      ).toBe(text);
    });
  });
});
