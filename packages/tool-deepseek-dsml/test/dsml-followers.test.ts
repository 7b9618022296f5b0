import { matchFollow } from "@sluice/tool-kit";
import { describe, expect, it } from "vitest";
import { DEFAULT_DSML_LIMITS as limits } from "../src";
import { dsmlFollowers, TRAILING } from "../src/dsml-followers";

const D = "｜DSML｜";
const EOS = "<｜end▁of▁sentence｜>";
// What ends a direct JSON body: an invoke or a block opener, a block close, or an end-of-sentence marker.
const body = dsmlFollowers(
  {
    accepts: (next) => (next.closing ? next.word === "calls" : next.word !== "parameter"),
    endOfSentence: true,
  },
  limits,
);
const follow = (text: string, final = false) => matchFollow(text, 0, final, limits.maxWhitespace, body);
const trailing = (text: string, final = false) =>
  matchFollow(text, 0, final, limits.maxWhitespace, dsmlFollowers(TRAILING, limits));

describe("dsmlFollowers", () => {
  it("closes before a tag the rule accepts, an end-of-sentence marker it allows, or the end", () => {
    expect(follow(`\n<${D}invoke name="f">`)).toBe("close");
    expect(follow(` </${D} calls>`)).toBe("close");
    expect(follow(EOS)).toBe("close");
    expect(follow("\n", true)).toBe("close");
    expect(trailing("  ", true)).toBe("close");
  });

  it("is literal before a tag the rule refuses, not a tag, other text, or past the whitespace bound", () => {
    expect(follow(`<${D}parameter name="a">`)).toBe("literal");
    expect(follow(`<${D}nonsense>`)).toBe("literal");
    expect(follow("text")).toBe("literal");
    expect(follow(`${" ".repeat(limits.maxWhitespace + 1)}${EOS}`)).toBe("literal");
    expect(trailing(EOS)).toBe("literal");
    expect(trailing(`<${D}invoke name="f">`)).toBe("literal");
  });

  it("holds while a tag or marker is cut by the chunk, never at the end of the stream", () => {
    for (const text of ["", " ", "<", "<｜", `<${D}`, `<${D}invoke name="f`, "</｜DS", "<｜end▁of"]) {
      expect(follow(text), text).toBe("hold");
    }
    expect(trailing(`<${D}inv`)).toBe("hold");
    expect(follow(`<${D}invoke name="f`, true)).toBe("literal");
  });
});
