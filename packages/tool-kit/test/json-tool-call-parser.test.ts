import { createParserContext, type SegmentSink, type ToolDialect } from "@sluice/core";
import { assertChunkingInvariance, markupStream, segmentText } from "@sluice/core/testkit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CallHeaderMatch, JsonToolCallParser, readName, skipWhitespace } from "../src";

// A toy format: `<calls><call>NAME={json}</call>…</calls>`, `<eos>` trailing.
function readToyHeader(buffer: string, from: number, final: boolean): CallHeaderMatch {
  const name = readName(buffer, from, final, {
    terminator: "=",
    maxLength: 32,
    forbidden: (code) => code === 60,
  });
  if (name.kind !== "name") return name;
  const at = skipWhitespace(buffer, name.end, 8);
  if (at === -1) return { kind: "invalid" };
  if (at === buffer.length) return final ? { kind: "invalid" } : { kind: "hold" };
  return buffer.charCodeAt(at) === 123
    ? { kind: "call", name: name.name, argumentsStart: at }
    : { kind: "invalid" };
}

const toy: ToolDialect = {
  kind: "tool",
  id: "toy",
  aliases: [],
  description: "a toy JSON call format",
  markers: [],
  createParser: (context, sink: SegmentSink) =>
    new JsonToolCallParser(
      {
        dialect: "toy",
        sectionOpeners: ["<calls>"],
        sectionClosers: ["</calls>"],
        callOpener: "<call>",
        callCloser: "</call>",
        trailingMarkers: ["<eos>"],
        readHeader: readToyHeader,
      },
      context,
      sink,
    ),
};

describe("JsonToolCallParser", () => {
  it("starts a call at its header, streams the arguments and keeps the rest as text", () => {
    const result = segmentText({ tool: toy }, 'Hi <calls>\n<call>f={"a": "b"}</call>\n</calls> bye<eos>\n');
    expect(result.problems).toEqual([]);
    expect(result.calls.map((call) => [call.name, call.argumentsJson])).toEqual([["f", '{"a": "b"}']]);
    expect(result.content).toBe("Hi  bye\n");
    expect(result.markup).toBe('<calls>\n<call>f={"a": "b"}</call>\n</calls><eos>');
  });

  it("ends a call after a whitespace run too long for a separator, at the same place in every chunking", () => {
    const input = `<calls><call>f={"a": 1}${" ".repeat(5000)}</call></calls>`;
    const whole = segmentText({ tool: toy }, input);
    const split = segmentText({ tool: toy }, [
      input.slice(0, 3000),
      input.slice(3000, 6000),
      input.slice(6000),
    ]);
    expect(whole.problems).toEqual([]);
    expect(split.segments).toEqual(whole.segments);
    expect(whole.calls.map((call) => call.arguments)).toEqual([{ a: 1 }]);
    expect(whole.warnings.map((warning) => warning.code)).toEqual(["toy.missing_call_end"]);
  });

  it("cuts a call whose arguments the stream cut: nothing closes them (docs/dialects.md §2)", () => {
    const input = '<calls><call>f={"path": "a", "content": "half a fi';
    const result = segmentText({ tool: toy }, input);
    expect(result.problems).toEqual([]);
    expect(result.calls).toMatchObject([
      { name: "f", argumentsJson: '{"path": "a", "content": "half a fi', cut: true },
    ]);
    expect(result.segments.at(-1)).toEqual({ type: "tool-call-end", callIndex: 0, cut: true });
    expect(result.markup).toBe(input);
    expect(result.warnings.map((warning) => [warning.code, warning.message])).toEqual([
      ["toy.unterminated_call", 'the stream ended inside call "f"; the call is cut and not run'],
      ["toy.truncated_arguments", 'call "f": the arguments were cut off; the call is cut and not run'],
    ]);
  });

  it("keeps a call whose object closed before the stream ended, its end marker missing", () => {
    for (const input of [
      '<calls><call>f={"a": 1}',
      "<calls><call>f={'a': 1}",
      '<calls><call>f={"a": True}',
    ]) {
      const result = segmentText({ tool: toy }, input);
      expect(result.calls, input).toMatchObject([
        { arguments: { a: input.includes("True") ? true : 1 }, cut: false },
      ]);
      expect(
        result.warnings.map((warning) => warning.code),
        input,
      ).toContain("toy.missing_call_end");
    }
  });

  it("cuts a started call whose near-JSON tail does not repair, even at its end marker", () => {
    const result = segmentText({ tool: toy }, '<calls><call>f={"a": "x", invalid json}</call></calls>');
    expect(result.problems).toEqual([]);
    expect(result.calls).toMatchObject([{ argumentsJson: '{"a": "x"', cut: true }]);
    expect(result.warnings.map((warning) => warning.code)).toEqual(["toy.malformed_arguments"]);
  });

  it("gives the same segments in any chunking (property)", () => {
    const vocabulary = [
      "<calls>",
      "</calls>",
      "<call>",
      "</call>",
      "<eos>",
      "<ca",
      "f=",
      "g =",
      '{"a": 1}',
      "{'a': 1}",
      '{"s": "x',
      '"}',
      "}",
      "{",
      ",",
      " ".repeat(70),
      " ".repeat(2100),
      "\n",
      "text",
    ];
    const create = (sink: SegmentSink) =>
      toy.createParser({ ...createParserContext({ thinking: false }), callStartPolicy: () => "all" }, sink);
    assertChunkingInvariance(create, markupStream(vocabulary, 40), 400);
    assertChunkingInvariance(
      create,
      fc
        .array(fc.constantFrom(...vocabulary), { maxLength: 12 })
        .map((pieces) => `<calls><call>f=${pieces.join("")}`),
      400,
    );
  });
});
