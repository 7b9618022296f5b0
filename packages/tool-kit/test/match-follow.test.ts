import { describe, expect, it } from "vitest";
import { type Follow, type Follower, matchFollow } from "../src";

// qwen_xml's `</parameter>`: closes before `</function>`, `</tool_call>`, a `<parameter=Q>` of a new Q, or the end.
const followers: readonly Follower[] = [
  { marker: "</function>" },
  { marker: "</tool_call>" },
  {
    marker: "<parameter=",
    decide: (buffer, at, final): Follow => {
      const end = buffer.indexOf(">", at);
      if (end === -1) return final ? "literal" : "hold";
      return buffer.slice(at + "<parameter=".length, end) === "next" ? "close" : "literal";
    },
  },
];
const follow = (text: string, final = false) => matchFollow(text, 0, final, 64, followers);

describe("matchFollow", () => {
  it("closes before a follower, one its decide accepts, or the end of the stream", () => {
    expect(follow("\n</function>")).toBe("close");
    expect(follow("  </tool_call>")).toBe("close");
    expect(follow("\n<parameter=next>")).toBe("close");
    expect(follow("\n", true)).toBe("close");
    expect(follow("", true)).toBe("close");
  });

  it("is literal before anything else, one its decide refuses, or past the whitespace bound", () => {
    expect(follow("\ntext")).toBe("literal");
    expect(follow("<parameter=other>")).toBe("literal");
    expect(follow("<parameter=next", true)).toBe("literal");
    expect(follow(`${" ".repeat(65)}</function>`)).toBe("literal");
    expect(follow("</fun", true)).toBe("literal");
  });

  it("holds while the chunk ends before it is known, never at the end of the stream", () => {
    for (const text of ["", "\n ", "</fun", "<param", "<parameter=ne"]) {
      expect(follow(text), text).toBe("hold");
    }
    expect(follow(" ".repeat(64))).toBe("hold");
  });

  it("starts at `from`", () => {
    expect(matchFollow("</parameter>\n</function>", "</parameter>".length, false, 64, followers)).toBe(
      "close",
    );
  });
});
