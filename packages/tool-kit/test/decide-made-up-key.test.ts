import { describe, expect, it } from "vitest";
import { decideMadeUpKey, type MadeUpKeyTags } from "../src";

// A toy grammar: `<p=Q>` opens, `</p>` closes, `</f>` and `<p=` follow a structural close.
const tags = (maxLookahead = 64): MadeUpKeyTags => ({
  closePrefix: "</p>",
  readClose: (_buffer, index) => index + 4,
  opener: "<p=",
  followers: [{ marker: "</f>" }, { marker: "<p=" }],
  maxWhitespace: 8,
  maxLookahead,
});

describe("decideMadeUpKey (docs/dialects.md §2, closing is structural)", () => {
  it("is a key when the value's close comes before a structural tag, quoted when before anything else", () => {
    expect(decideMadeUpKey("<p=Q>utf-8</p>\n<p=R>", 5, false, tags())).toBe("key");
    expect(decideMadeUpKey("<p=Q>w</p></f>", 5, false, tags())).toBe("key");
    expect(decideMadeUpKey('<p=Q>#!/bin/sh</p>\n"""', 5, false, tags())).toBe("quoted");
  });

  it("skips the close of a literal opener nested in the value", () => {
    expect(decideMadeUpKey("<p=Q>a<p=x>b</p>c</p></f>", 5, false, tags())).toBe("key");
    expect(decideMadeUpKey("<p=Q>a<p=x>b</p></f>", 5, false, tags())).toBe("hold");
  });

  it("holds while undecided, is a key at the end of the stream, and undecided past the bound", () => {
    expect(decideMadeUpKey("<p=Q>still", 5, false, tags())).toBe("hold");
    expect(decideMadeUpKey("<p=Q>w</p>", 5, false, tags())).toBe("hold");
    expect(decideMadeUpKey("<p=Q>still", 5, true, tags())).toBe("key");
    expect(decideMadeUpKey("<p=Q>w</p>", 5, true, tags())).toBe("key");
    expect(decideMadeUpKey(`<p=Q>${"x".repeat(20)}`, 5, false, tags(16))).toBe("undecided");
    // A close past the bound does not count: the decision never needs more than the bound to be held.
    expect(decideMadeUpKey(`<p=Q>${"x".repeat(20)}</p></f>`, 5, false, tags(16))).toBe("undecided");
  });
});
