import { describe, expect, it } from "vitest";
import { DEFAULT_QWEN_XML_LIMITS as limits, matchCallStart } from "../src";
import { matchParameterClose } from "../src/parameter-close";
import { readTagName } from "../src/read-tag-name";
import { decideValueTag, type LiteralDepths } from "../src/value-tag-decision";

describe("readTagName", () => {
  it("reads up to the >, holds while undecided, and never holds at the end", () => {
    expect(readTagName("<function=f>x", 10, false, 256, "function")).toEqual({
      kind: "name",
      name: "f",
      end: 12,
    });
    expect(readTagName("<function=fo", 10, false, 256, "function")).toEqual({ kind: "hold" });
    expect(readTagName("<function=fo", 10, true, 256, "function")).toEqual({ kind: "invalid" });
    expect(readTagName("<function=>", 10, false, 256, "function")).toEqual({ kind: "invalid" });
  });

  it("bounds the name length", () => {
    expect(readTagName(`${"x".repeat(4)}>`, 0, false, 4, "parameter")).toMatchObject({
      kind: "name",
      name: "xxxx",
    });
    expect(readTagName(`${"x".repeat(5)}>`, 0, false, 4, "parameter")).toEqual({ kind: "invalid" });
    expect(readTagName("x".repeat(4), 0, false, 4, "parameter")).toEqual({ kind: "hold" });
    expect(readTagName("x".repeat(5), 0, false, 4, "parameter")).toEqual({ kind: "invalid" });
  });

  it("allows in a parameter name what it refuses in a function name, except a newline", () => {
    expect(readTagName("a b{'}>", 0, false, 256, "parameter")).toMatchObject({
      kind: "name",
      name: "a b{'}",
    });
    expect(readTagName("a b>", 0, false, 256, "function")).toEqual({ kind: "invalid" });
    expect(readTagName("a\nb>", 0, false, 256, "parameter")).toEqual({ kind: "invalid" });
  });
});

describe("matchCallStart", () => {
  it("confirms <tool_call> + whitespace + <function=NAME>", () => {
    expect(matchCallStart("<tool_call>\n <function=f>rest", 0, "<tool_call>", false, limits)).toEqual({
      kind: "call",
      name: "f",
      end: 25,
    });
    expect(matchCallStart("x<function=g>", 1, "<function=", false, limits)).toEqual({
      kind: "call",
      name: "g",
      end: 13,
    });
  });

  it("holds while the opening may still complete, and decides at the end", () => {
    for (const partial of [
      "<tool_call>",
      "<tool_call>\n ",
      "<tool_call>\n<func",
      "<tool_call><function=na",
    ]) {
      expect(matchCallStart(partial, 0, "<tool_call>", false, limits), partial).toEqual({ kind: "hold" });
      expect(matchCallStart(partial, 0, "<tool_call>", true, limits), partial).toEqual({ kind: "text" });
    }
  });

  it("refuses what cannot become a call", () => {
    for (const text of [
      "<tool_call>e",
      "<tool_call>\n<functio>",
      "<tool_call><function={{x}}>",
      "<tool_call><function>",
    ]) {
      expect(matchCallStart(text, 0, "<tool_call>", false, limits), text).toEqual({ kind: "text" });
    }
  });
});

describe("matchParameterClose", () => {
  it("finds </parameter>, drifted forms up to `>` or a newline, and refuses a `<` in the drift", () => {
    expect(matchParameterClose("</parameter>x", 0, false, 32)).toEqual({ kind: "tag", end: 12, exact: true });
    expect(matchParameterClose("</parameter1>", 0, false, 32)).toEqual({
      kind: "tag",
      end: 13,
      exact: false,
    });
    expect(matchParameterClose("</parameter\nx", 0, false, 32)).toEqual({
      kind: "tag",
      end: 11,
      exact: false,
    });
    expect(matchParameterClose("</parameter<b>", 0, false, 32)).toEqual({ kind: "none" });
  });

  it("holds a drift that may still end, bounded, and counts a cut-off candidate at the end", () => {
    expect(matchParameterClose("</parameter_fun", 0, false, 32)).toEqual({ kind: "hold" });
    expect(matchParameterClose("</parameter_fun", 0, true, 32)).toEqual({
      kind: "tag",
      end: 15,
      exact: false,
    });
    expect(matchParameterClose(`</parameter${"x".repeat(33)}`, 0, false, 32)).toEqual({ kind: "none" });
  });
});

describe("decideValueTag", () => {
  const context = (depths: LiteralDepths, atLineStart = true) => ({
    depths,
    atLineStart,
    isStructural: (name: string) => name === "next",
    isNewParameter: (name: string) => name !== "given",
    // The schema names "next" (and "given", already given): anything else is made up.
    isMadeUp: (name: string) => name !== "given" && name !== "next",
    limits,
  });

  it("nests literal openers and lets their closers decrement", () => {
    const depths = { parameter: 0, function: 0, toolCall: 0 };
    expect(decideValueTag("<tool_call>", "<tool_call>", 0, false, context(depths))).toEqual({
      kind: "literal",
    });
    expect(decideValueTag("<function=", "<function=x>", 0, false, context(depths))).toEqual({
      kind: "literal",
    });
    expect(decideValueTag("<parameter=", "<parameter=next>", 0, false, context(depths))).toEqual({
      kind: "literal",
    });
    expect(depths).toEqual({ parameter: 1, function: 1, toolCall: 1 });
    expect(decideValueTag("</parameter", "</parameter>\n</function>", 0, false, context(depths))).toEqual({
      kind: "literal",
    });
    expect(decideValueTag("</function>", "</function>", 0, false, context(depths))).toEqual({
      kind: "literal",
    });
    expect(decideValueTag("</tool_call>", "</tool_call>", 0, false, context(depths))).toEqual({
      kind: "literal",
    });
    expect(depths).toEqual({ parameter: 0, function: 0, toolCall: 0 });
  });

  it("closes at depth 0 by what follows", () => {
    const depths = { parameter: 0, function: 0, toolCall: 0 };
    expect(decideValueTag("</parameter", "</parameter>\n</function>", 0, false, context(depths))).toEqual({
      kind: "close-parameter",
      end: 12,
      drifted: false,
      undecided: undefined,
    });
    expect(decideValueTag("<parameter=", "<parameter=next>", 0, false, context(depths))).toEqual({
      kind: "next-parameter",
      name: "next",
      end: 16,
    });
    expect(decideValueTag("</function>", "</function>\n</tool_call>", 0, false, context(depths))).toEqual({
      kind: "end-call",
    });
    expect(decideValueTag("</tool_call>", "</tool_call>", 0, true, context(depths))).toEqual({
      kind: "end-call",
    });
    expect(decideValueTag("</tool_call>", "</tool_call>\n", 0, false, context(depths))).toEqual({
      kind: "hold",
    });
  });

  it("tells a made-up parameter from quoted markup by how its own value closes (bounded look-ahead)", () => {
    const depths = () => ({ parameter: 0, function: 0, toolCall: 0 });
    const decide = (buffer: string, final = false) =>
      decideValueTag("</parameter", buffer, 0, final, context(depths()));
    const close = { kind: "close-parameter", end: 12, drifted: false, undecided: undefined };
    // Its value closes before a structural tag: a key the model made up (the value before it stays clean).
    expect(decide("</parameter>\n<parameter=encoding>\nutf-8\n</parameter>\n<parameter=next>")).toEqual(
      close,
    );
    expect(decide("</parameter>\n<parameter=mode>\nw\n</parameter>\n</function>")).toEqual(close);
    // Its value holds a `</parameter>` before other text: markup quoted in the value (vLLM's param-like lines).
    expect(decide('</parameter>\n<parameter=new_string>\n#!/usr/bin/env python3\n</parameter>\n"""')).toEqual(
      {
        kind: "literal",
      },
    );
    // A literal pair inside the made-up value is skipped; what decides is the value's own close.
    expect(
      decide("</parameter>\n<parameter=x>\n<parameter=y>a</parameter>b\n</parameter>\n</function>"),
    ).toEqual(close);
    // Not known yet: held; at the end of the stream, a key, as without the look-ahead.
    expect(decide("</parameter>\n<parameter=x>\nstill writ")).toEqual({ kind: "hold" });
    expect(decide("</parameter>\n<parameter=x>\nstill writ", true)).toEqual(close);
    // Past the bound: a key, said so.
    const long = `</parameter>\n<parameter=x>\n${"y".repeat(limits.maxMadeUpLookahead)}`;
    expect(decide(long)).toEqual({ ...close, undecided: "x" });
    // A parameter the schema names, or no schema: closes at once, no look-ahead.
    expect(decide("</parameter>\n<parameter=next>")).toEqual(close);
  });

  it("takes a structural <parameter= for a close only at the start of a line", () => {
    const depths = { parameter: 0, function: 0, toolCall: 0 };
    expect(decideValueTag("<parameter=", "<parameter=next>", 0, false, context(depths, false))).toEqual({
      kind: "literal",
    });
    expect(depths.parameter).toBe(1);
  });
});
