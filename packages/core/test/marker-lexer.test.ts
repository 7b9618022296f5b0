import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMarkerSet, findMarker, HOLD, heldSuffixStart, type MarkerHandler, MarkerLexer } from "../src";
import { cutAt } from "../src/testkit";

/** A handler that records pieces: text as is, markers in brackets. */
function recorder(): { handler: MarkerHandler; pieces: string[] } {
  const pieces: string[] = [];
  return {
    pieces,
    handler: {
      text: (text) => pieces.push(text),
      marker: (marker, _buffer, index) => {
        pieces.push(`[${marker}]`);
        return index + marker.length;
      },
    },
  };
}

function lex(markers: string[], chunks: string[]): string {
  const { handler, pieces } = recorder();
  const lexer = new MarkerLexer(handler, createMarkerSet(markers));
  for (const chunk of chunks) lexer.push(chunk);
  lexer.end();
  return pieces.join("");
}

describe("marker set", () => {
  const set = createMarkerSet(["<think>", "</think>", "<tool_call>"]);

  it("finds the earliest marker, preferring the longest at one position", () => {
    expect(findMarker(set, "a </think> <think>", 0)).toEqual({ index: 2, marker: "</think>" });
    expect(findMarker(createMarkerSet(["<a", "<ab"]), "x<ab", 0)).toEqual({ index: 1, marker: "<ab" });
    expect(findMarker(set, "<thin <tool_call>", 0)).toEqual({ index: 6, marker: "<tool_call>" });
    expect(findMarker(set, "no markers < here", 0)).toBeUndefined();
  });

  it("holds the longest suffix that is a proper prefix of a live marker", () => {
    expect(heldSuffixStart(set, "text </thi", 0)).toBe(5);
    expect(heldSuffixStart(set, "text <", 0)).toBe(5);
    expect(heldSuffixStart(set, "text <x", 0)).toBe(7);
    expect(heldSuffixStart(set, "plain", 0)).toBe(5);
  });
});

describe("MarkerLexer", () => {
  it('never loses a tag split across chunks ("</thi" + "nk>")', () => {
    expect(lex(["</think>"], ["a</thi", "nk>b"])).toBe("a[</think>]b");
  });

  it("flushes a held partial marker at the end as text", () => {
    expect(lex(["</think>"], ["a</thi"])).toBe("a</thi");
  });

  it("passes text without markers on at once, holding nothing", () => {
    const { handler, pieces } = recorder();
    const lexer = new MarkerLexer(handler, createMarkerSet(["<think>"]));
    lexer.push("hello <b>");
    expect(pieces).toEqual(["hello <b>"]);
    expect(lexer.pending).toBe("");
  });

  it("lets a handler hold from a marker until more text arrives, and decide at the end", () => {
    const decisions: string[] = [];
    const lexer = new MarkerLexer(
      {
        text: (text) => decisions.push(text),
        marker: (marker, buffer, index, final) => {
          const next = buffer[index + marker.length];
          if (next === undefined && !final) return HOLD;
          decisions.push(next === "!" ? "[loud]" : "[quiet]");
          return index + marker.length + (next === "!" ? 1 : 0);
        },
      },
      createMarkerSet(["<x>"]),
    );
    lexer.push("a<x>");
    expect(lexer.pending).toBe("<x>");
    lexer.push("!b<x>");
    lexer.end();
    expect(decisions).toEqual(["a", "[loud]", "b", "[quiet]"]);
  });

  it("uses the live markers of the moment, also when text changes them", () => {
    const set = createMarkerSet(["<m>"]);
    const empty = createMarkerSet([]);
    const pieces: string[] = [];
    const lexer: MarkerLexer = new MarkerLexer(
      {
        text: (text) => {
          pieces.push(text);
          if (text.includes("stop")) lexer.markers = empty;
        },
        marker: (marker, _buffer, index) => {
          pieces.push("[m]");
          return index + marker.length;
        },
      },
      set,
    );
    lexer.push("<m>stop<m>");
    lexer.end();
    expect(pieces.join("")).toBe("[m]stop<m>");
  });

  it("gives the same output for any chunking (property)", () => {
    const markers = ["<think>", "</think>", "<tool_call>"];
    const alphabet = fc.constantFrom(
      "<",
      "/",
      "t",
      "h",
      "i",
      "n",
      "k",
      ">",
      "a",
      " ",
      "_",
      "o",
      "l",
      "c",
      "\n",
      "é",
      "😀",
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 80 }), fc.array(fc.nat(80)), (characters, cuts) => {
        const text = characters.join("");
        const chunks = cutAt(text, cuts);
        expect(lex(markers, chunks)).toBe(lex(markers, [text]));
      }),
      { numRuns: 300 },
    );
  });
});

describe("MarkerLexer contract", () => {
  it("refuses a handler that still holds at the end of the stream", () => {
    const lexer = new MarkerLexer({ text: () => {}, marker: () => HOLD }, createMarkerSet(["<x>"]));
    lexer.push("<x>");
    expect(() => lexer.end()).toThrow(/held "<x>" at the end/);
  });
});
