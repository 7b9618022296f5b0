import { describe, expect, it } from "vitest";
import { readName } from "../src";

describe("readName", () => {
  const rules = { terminator: "<|end|>", maxLength: 8, forbidden: (code: number) => code === 10 };

  it("reads up to a multi-character terminator, holding while it may still come", () => {
    expect(readName("get_x<|end|>{", 0, false, rules)).toEqual({ kind: "name", name: "get_x", end: 12 });
    expect(readName("get_x<|en", 0, false, rules)).toEqual({ kind: "hold" });
    expect(readName("get_x<|en", 0, true, rules)).toEqual({ kind: "invalid" });
  });

  it("takes the terminator's first character as a name character when the rest does not follow", () => {
    expect(readName("a<b<|end|>", 0, false, rules)).toEqual({ kind: "name", name: "a<b", end: 10 });
  });

  it("refuses an empty name, a forbidden character and a name past the bound", () => {
    expect(readName("<|end|>", 0, false, rules)).toEqual({ kind: "invalid" });
    expect(readName("a\nb<|end|>", 0, false, rules)).toEqual({ kind: "invalid" });
    expect(readName("abcdefghi<|end|>", 0, false, rules)).toEqual({ kind: "invalid" });
    expect(readName("abcdefgh<|end|>", 0, false, rules)).toMatchObject({ kind: "name", name: "abcdefgh" });
    expect(readName("abcdefghi", 0, false, rules)).toEqual({ kind: "invalid" });
  });
});
