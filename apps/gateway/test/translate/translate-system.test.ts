import { describe, expect, it } from "vitest";
import { translateSystem } from "../../src/translate/translate-system";

describe("translateSystem", () => {
  it("turns a string into one system message", () => {
    const warnings: string[] = [];
    expect(translateSystem("Be brief.", warnings)).toEqual([{ role: "system", content: "Be brief." }]);
    expect(warnings).toEqual([]);
  });

  it("joins text blocks with a blank line into one message", () => {
    expect(
      translateSystem(
        [
          { type: "text", text: "One." },
          { type: "text", text: "Two." },
        ],
        [],
      ),
    ).toEqual([{ role: "system", content: "One.\n\nTwo." }]);
  });

  it("drops a block starting with x-anthropic-billing-header: and empty blocks", () => {
    expect(
      translateSystem(
        [
          { type: "text", text: "x-anthropic-billing-header: cc_version=2.1.0; cch=abc;" },
          { type: "text", text: "" },
          { type: "text", text: "Rules." },
        ],
        [],
      ),
    ).toEqual([{ role: "system", content: "Rules." }]);
  });

  it("keeps the billing words when they are not at the start of a block", () => {
    expect(translateSystem([{ type: "text", text: "Note: x-anthropic-billing-header: x" }], [])).toEqual([
      { role: "system", content: "Note: x-anthropic-billing-header: x" },
    ]);
  });

  it("sends no system message when nothing is left", () => {
    expect(translateSystem(undefined, [])).toEqual([]);
    expect(translateSystem("", [])).toEqual([]);
    expect(translateSystem([{ type: "text", text: "x-anthropic-billing-header: a" }], [])).toEqual([]);
  });
});
