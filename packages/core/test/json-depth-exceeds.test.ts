import { describe, expect, it } from "vitest";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "../src";

describe("jsonDepthExceeds", () => {
  it("counts arrays and objects, not brackets inside strings", () => {
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 2)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds("[] [] []", 1)).toBe(false);
  });

  it("finds a 100k-deep value without recursion, stopping at the first level too many", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(jsonDepthExceeds(deep)).toBe(true);
    expect(jsonDepthExceeds(`${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`)).toBe(false);
  });
});
