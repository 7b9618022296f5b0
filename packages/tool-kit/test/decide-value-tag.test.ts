import { describe, expect, it } from "vitest";
import { decideValueTag, type LiteralDepths, readName, type ValueTagRules } from "../src";

// Tags already identified by a dialect (`<p=`, `</p>`, `</call>`, `</calls>`); what follows the closes decides.
function rules(overrides: Partial<ValueTagRules> = {}): ValueTagRules {
  const base: ValueTagRules = {
    afterValueClose: [{ marker: "</call>" }],
    afterCallClose: [{ marker: "</calls>" }],
    afterBlockClose: [{ marker: "<calls>" }],
    maxWhitespace: 4,
    blocksNestParameters: false,
    isStructural: (name) => name === "b",
    readParameterName: (buffer, from, final) =>
      readName(buffer, from, final, { terminator: ">", maxLength: 8 }),
    undecided: undefined,
  };
  return Object.assign(base, overrides);
}
const depths = (): LiteralDepths => ({ parameter: 0, call: 0, block: 0 });

describe("decideValueTag", () => {
  it("nests literal openers, and their closes stay literal; a drifted close never closes a nested one", () => {
    const open = depths();
    const context = { depths: open, atLineStart: false, rules: rules() };
    expect(decideValueTag({ role: "block-open", end: 1 }, "", false, context)).toEqual({ kind: "literal" });
    expect(decideValueTag({ role: "call-open", end: 1 }, "", false, context)).toEqual({ kind: "literal" });
    expect(decideValueTag({ role: "value-open", end: 3, nameAt: 3 }, "<p=b>", false, context)).toEqual({
      kind: "literal",
    });
    expect(open).toEqual({ parameter: 1, call: 1, block: 1 });
    expect(decideValueTag({ role: "value-close", end: 5, exact: false }, "</p1>", false, context)).toEqual({
      kind: "literal",
    });
    expect(open.parameter).toBe(1);
    expect(decideValueTag({ role: "value-close", end: 4 }, "</p>", false, context)).toEqual({
      kind: "literal",
    });
    expect(decideValueTag({ role: "call-close", end: 7 }, "</call>", false, context)).toEqual({
      kind: "literal",
    });
    expect(decideValueTag({ role: "block-close", end: 8 }, "</calls>", false, context)).toEqual({
      kind: "literal",
    });
    expect(open).toEqual({ parameter: 0, call: 0, block: 0 });
  });

  it("closes at depth 0 only by what follows, and holds until that is known", () => {
    const context = { depths: depths(), atLineStart: false, rules: rules() };
    const close = { kind: "close-parameter", end: 4, drifted: false, undecided: undefined };
    expect(decideValueTag({ role: "value-close", end: 4 }, "</p></call>", false, context)).toEqual(close);
    expect(decideValueTag({ role: "value-close", end: 4 }, "</p>  x", false, context)).toEqual({
      kind: "literal",
    });
    expect(decideValueTag({ role: "value-close", end: 4 }, "</p></ca", false, context)).toEqual({
      kind: "hold",
    });
    expect(decideValueTag({ role: "value-close", end: 4 }, "</p>", true, context)).toEqual(close);
    expect(decideValueTag({ role: "call-close", end: 7 }, "</call></calls>", false, context)).toEqual({
      kind: "end-call",
    });
    expect(decideValueTag({ role: "block-close", end: 8 }, "</calls>text", false, context)).toEqual({
      kind: "literal",
    });
  });

  it("says a close was undecided when its followers said so", () => {
    const undecided: ValueTagRules = rules({
      afterValueClose: [
        {
          marker: "<p=",
          decide: () => {
            undecided.undecided = "q";
            return "close";
          },
        },
      ],
    });
    const context = { depths: depths(), atLineStart: false, rules: undecided };
    expect(decideValueTag({ role: "value-close", end: 4 }, "</p><p=q>", false, context)).toMatchObject({
      kind: "close-parameter",
      undecided: "q",
    });
  });

  it("takes a structural parameter tag at a line start for the next parameter, unless a literal opener is open", () => {
    const tag = { role: "value-open" as const, end: 3, nameAt: 3 };
    const at = (open: LiteralDepths, blocksNestParameters = false) =>
      decideValueTag(tag, "<p=b>", false, {
        depths: open,
        atLineStart: true,
        rules: rules({ blocksNestParameters }),
      });
    expect(at(depths())).toEqual({ kind: "next-parameter", name: "b", end: 5 });
    expect(at({ parameter: 0, call: 0, block: 1 })).toEqual({ kind: "next-parameter", name: "b", end: 5 });
    // deepseek_dsml counts a literal block opener too.
    expect(at({ parameter: 0, call: 0, block: 1 }, true)).toEqual({ kind: "literal" });
    expect(at({ parameter: 0, call: 1, block: 0 })).toEqual({ kind: "literal" });
    const cut = decideValueTag(tag, "<p=b", false, { depths: depths(), atLineStart: true, rules: rules() });
    expect(cut).toEqual({ kind: "hold" });
    const named = { role: "value-open" as const, end: 9, name: { kind: "name" as const, name: "b", end: 9 } };
    expect(decideValueTag(named, "", false, { depths: depths(), atLineStart: true, rules: rules() })).toEqual(
      {
        kind: "next-parameter",
        name: "b",
        end: 9,
      },
    );
  });
});
