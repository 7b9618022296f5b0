import { type CallStartPolicy, createParserContext, type Segment, type ToolDialect } from "@sluice/core";
import { assertChunkingInvariance, markupStream, runStream, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import {
  type CallStartForm,
  matchTaggedCallStart,
  readName,
  type TagCallGrammar,
  TagCallParser,
} from "../src";

// A toy format: `<calls><call=NAME><p=K>V</p>…</call></calls>`; a bare `<call=NAME>` in content starts a call
// too, at the start of a line. `keyed` is its GLM-like twin: `<call=NAME><k=K><v>V</p>…`.
const readToyName = (buffer: string, from: number, final: boolean) =>
  readName(buffer, from, final, { terminator: ">", maxLength: 16, forbidden: (code) => code === 60 });
const opening = (inner: string | undefined) => (buffer: string, index: number, final: boolean) =>
  matchTaggedCallStart(buffer, index + (inner === undefined ? "<call=" : "<calls>").length, final, {
    inner,
    readName: readToyName,
    maxWhitespace: 8,
  });
const block: CallStartForm = { marker: "<calls>", accepted: "explicit", match: opening("<call=") };
const bare: CallStartForm = {
  marker: "<call=",
  accepted: "content",
  lineStart: true,
  match: opening(undefined),
};
const next: CallStartForm = { marker: "<call=", accepted: "explicit", match: opening(undefined) };

function toyGrammar(keyed: boolean, maxMadeUpLookahead = 64): TagCallGrammar {
  return {
    dialect: "toy",
    newlines: "exact",
    maxWhitespace: 8,
    maxMadeUpLookahead,
    starts: [block, bare],
    startsAfterCall: [next, block],
    restart: keyed ? next : undefined,
    parameterTag: keyed ? "<k=" : "<p=",
    readParameterName: readToyName,
    valueTag: keyed ? "<v>" : undefined,
    valueClose: "</p>",
    valueCloseName: "</p>",
    valueWord: "parameter",
    keyWord: "parameter",
    callOpen: "<call=",
    callClose: "</call>",
    blockOpen: "<calls>",
    blockClose: "</calls>",
    valueCloseFollowers: [{ marker: "</call>" }, { marker: "</calls>" }],
    callCloseFollowers: [{ marker: "</calls>" }, { marker: "<call=" }],
    blockCloseFollowers: [{ marker: "<calls>" }],
    missingCallClose: (callName, endedBy) => ({
      code: "missing_call_close",
      message: `call ${callName} ended by ${endedBy}`,
      raw: endedBy,
    }),
    missingCallCloseAfterValue: true,
  };
}

function toyDialect(grammar: TagCallGrammar): ToolDialect {
  return {
    kind: "tool",
    id: "toy",
    aliases: [],
    description: "a toy tag call format",
    markers: [],
    createParser: (context, sink) => new TagCallParser(context, sink, grammar),
  };
}

const plain = toyDialect(toyGrammar(false));
const keyed = toyDialect(toyGrammar(true));
const tools = {
  f: { type: "object", properties: { a: { type: "string" }, n: { type: "integer" }, b: { type: "string" } } },
};

function withPolicy(policy: CallStartPolicy, input: string): Segment[] {
  const context = { ...createParserContext({ thinking: false }), callStartPolicy: () => policy };
  return runStream((sink) => plain.createParser(context, sink), [input]);
}

const codes = (result: { warnings: readonly { code: string }[] }) => result.warnings.map((w) => w.code);

describe("TagCallParser", () => {
  it("reads the calls of a block, typing values by the schema, and keeps the rest as text", () => {
    const input =
      "Hi <calls>\n<call=f>\n<p=a>x y</p>\n<p=n>42</p>\n</call>\n<call=g><p=a>1</p></call>\n</calls> bye";
    const result = segmentText({ tool: plain, tools }, input);
    expect(result.problems).toEqual([]);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["f", { a: "x y", n: 42 }],
      ["g", { a: "1" }],
    ]);
    expect(result.content).toBe("Hi  bye");
    expect(result.warnings).toEqual([]);
  });

  it("streams a string value as it arrives", () => {
    const segments: Segment[] = [];
    const context = {
      ...createParserContext({ thinking: false, tools: Object.entries(tools) }),
      callStartPolicy: () => "all" as const,
    };
    const parser = plain.createParser(context, (segment) => segments.push(segment));
    parser.push("<calls><call=f><p=a>half of it");
    const deltas = segments.flatMap((segment) =>
      segment.type === "tool-call-delta" ? [segment.argumentsJson] : [],
    );
    expect(deltas.join("")).toBe('{"a": "half of it');
  });

  it("closes a value only by what follows its close, and nests literal openers", () => {
    const input = "<calls><call=f><p=a>see </p> and <p=q>in</p> too</p></call></calls>";
    const result = segmentText({ tool: plain, tools }, input);
    expect(result.calls.map((call) => call.arguments)).toEqual([{ a: "see </p> and <p=q>in</p> too" }]);
  });

  it("tells a made-up parameter from quoted markup by its own value, read ahead within the bound", () => {
    const key = segmentText({ tool: plain, tools }, "<calls><call=f><p=a>x</p><p=mode>w</p></call></calls>");
    expect(key.calls.map((call) => call.arguments)).toEqual([{ a: "x", mode: "w" }]);
    const quoted = segmentText(
      { tool: plain, tools },
      "<calls><call=f><p=a>x</p><p=mode>w</p> more</p></call></calls>",
    );
    expect(quoted.calls.map((call) => call.arguments)).toEqual([{ a: "x</p><p=mode>w</p> more" }]);
    const bounded = toyDialect(toyGrammar(false, 4));
    const past = segmentText(
      { tool: bounded, tools },
      "<calls><call=f><p=a>x</p><p=mode>wwwwwwww</p> more</p></call></calls>",
    );
    expect(codes(past)).toContain("toy.undecided_parameter");
  });

  it("closes a value without its close at a structural parameter tag on a new line, or at the call's close", () => {
    const result = segmentText({ tool: plain, tools }, "<calls><call=f><p=a>x\n<p=b>y</call></calls>");
    expect(result.calls.map((call) => call.arguments)).toEqual([{ a: "x\n", b: "y" }]);
    expect(codes(result)).toEqual(["toy.unclosed_parameter", "toy.unclosed_parameter"]);
    const byBlock = segmentText({ tool: plain, tools }, "<calls><call=f><p=a>x</calls>");
    expect(codes(byBlock)).toEqual(["toy.unclosed_parameter", "toy.missing_call_close"]);
  });

  it("cuts a call the stream ended inside: nothing closes its value or object", () => {
    const result = segmentText({ tool: plain, tools }, "<calls><call=f><p=a>half a fi");
    expect(result.problems).toEqual([]);
    expect(result.calls.map((call) => [call.argumentsJson, call.cut])).toEqual([['{"a": "half a fi', true]]);
    expect(codes(result)).toEqual(["toy.unterminated_call"]);
  });

  it("asks the call-start policy: the block is explicit, the bare form counts only in content at a line start", () => {
    const started = (segments: Segment[]) =>
      segments.filter((segment) => segment.type === "tool-call-start").length;
    expect(started(withPolicy("explicit", "<calls><call=f></call></calls>"))).toBe(1);
    expect(started(withPolicy("explicit", "<call=f></call>"))).toBe(0);
    expect(started(withPolicy("all", "<call=f></call>"))).toBe(1);
    expect(started(withPolicy("all", "a <call=f></call>"))).toBe(0);
    expect(started(withPolicy("none", "<calls><call=f></call></calls>"))).toBe(0);
  });

  it("reads a key and its value tag, and starts the next call where the model left out a close", () => {
    const result = segmentText(
      { tool: keyed, tools },
      "<calls><call=f><k=a><v>x</p><k=b><call=g><k=a><v>y</p></call>",
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ["f", { a: "x" }],
      ["g", { a: "y" }],
    ]);
    expect(codes(result)).toEqual(["toy.missing_value", "toy.missing_call_close"]);
  });

  it("gives the same segments in every chunking (docs/architecture.md I3)", () => {
    const vocabulary = [
      "<calls>",
      "</calls>",
      "<call=f>",
      "<call=",
      "</call>",
      "<p=a>",
      "<p=n>",
      "<p=z>",
      "<p=",
      "</p>",
      "</p",
      "<k=a>",
      "<v>",
      "\n",
      " ",
      "x",
      "42",
      "<",
    ];
    for (const dialect of [plain, keyed]) {
      assertChunkingInvariance(
        (sink) =>
          dialect.createParser(
            {
              ...createParserContext({ thinking: false, tools: Object.entries(tools) }),
              callStartPolicy: () => "all",
            },
            sink,
          ),
        markupStream(vocabulary),
      );
    }
  });
});

describe("matchTaggedCallStart", () => {
  it("confirms a wrapper's inner tag and the name, holds while undecided, and refuses the rest", () => {
    const match = opening("<call=");
    expect(match("<calls>\n <call=f>rest", 0, false)).toEqual({ kind: "call", name: "f", end: 17 });
    expect(match("<calls>\n <ca", 0, false)).toEqual({ kind: "hold" });
    expect(match("<calls>\n <ca", 0, true)).toEqual({ kind: "text" });
    expect(match("<calls>x", 0, false)).toEqual({ kind: "text" });
    expect(match(`<calls>${" ".repeat(9)}<call=f>`, 0, false)).toEqual({ kind: "text" });
    expect(opening(undefined)("<call=g>", 0, false)).toEqual({ kind: "call", name: "g", end: 8 });
  });
});
