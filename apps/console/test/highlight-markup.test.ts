import { describe, expect, it } from "vitest";
import { highlightMarkup } from "../src/exchange/highlight-markup";

/** The ranges as [kind, text] pairs: easier to read than offsets. */
const parts = (text: string): [string, string][] =>
  highlightMarkup(text).map((range) => [range.kind, text.slice(range.start, range.end)]);

describe("highlightMarkup", () => {
  it("colours a Qwen3.5 answer: reasoning closed by </think>, text, a qwen_xml call", () => {
    const text =
      "Plan.</think>\n\nLet me.\n<tool_call>\n<function=Bash>\n<parameter=command>\nls -la\n</parameter>\n</function>\n</tool_call>";
    expect(parts(text)).toEqual([
      ["reasoning", "Plan."],
      ["think-tag", "</think>"],
      ["text", "\n\nLet me.\n"],
      ["tool-tag", "<tool_call>"],
      ["tool-arguments", "\n"],
      ["function", "<function=Bash>"],
      ["tool-arguments", "\n"],
      ["parameter", "<parameter=command>"],
      ["value", "\nls -la\n"],
      ["parameter", "</parameter>"],
      ["tool-arguments", "\n"],
      ["function", "</function>"],
      ["tool-arguments", "\n"],
      ["tool-tag", "</tool_call>"],
    ]);
  });

  it("opens reasoning at <think> when the model writes it", () => {
    expect(parts("<think>hm</think>ok")).toEqual([
      ["think-tag", "<think>"],
      ["reasoning", "hm"],
      ["think-tag", "</think>"],
      ["text", "ok"],
    ]);
  });

  it("shows a hermes call's JSON as the call's body", () => {
    expect(parts('a<tool_call>{"name":"f"}</tool_call>')).toEqual([
      ["text", "a"],
      ["tool-tag", "<tool_call>"],
      ["tool-arguments", '{"name":"f"}'],
      ["tool-tag", "</tool_call>"],
    ]);
  });

  it("knows special tokens and GLM's argument tags", () => {
    expect(parts("<|tool_calls_section_begin|>x<arg_key>city</arg_key><arg_value>Paris</arg_value>")).toEqual(
      [
        ["tool-tag", "<|tool_calls_section_begin|>"],
        ["tool-arguments", "x"],
        ["parameter", "<arg_key>"],
        ["tool-arguments", "city"],
        ["parameter", "</arg_key>"],
        ["parameter", "<arg_value>"],
        ["value", "Paris"],
        ["parameter", "</arg_value>"],
      ],
    );
  });

  it("covers the text exactly, whatever it holds", () => {
    for (const text of [
      "",
      "plain",
      "<parameter=a>no close",
      "</tool_call></think><think>",
      '<|x|><｜DSML｜invoke name="f">',
    ]) {
      const ranges = highlightMarkup(text);
      expect(ranges.map((range) => text.slice(range.start, range.end)).join("")).toBe(text);
      ranges.forEach((range, i) => {
        expect(range.end).toBeGreaterThan(range.start);
        if (i > 0) expect(range.start).toBe(ranges[i - 1]?.end);
      });
    }
  });
});
