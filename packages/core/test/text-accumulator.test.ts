import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTextAccumulator } from "../src/text-accumulator";

describe("createTextAccumulator", () => {
  it("gives back exactly what was appended, in order, however many pieces and reads", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme" }), { maxLength: 2000 }),
        fc.nat(2000),
        (pieces, readAt) => {
          const accumulator = createTextAccumulator();
          let expected = "";
          pieces.forEach((piece, index) => {
            accumulator.append(piece);
            expected += piece;
            if (index === readAt) expect(accumulator.text()).toBe(expected);
          });
          expect(accumulator.length).toBe(expected.length);
          expect(accumulator.text()).toBe(expected);
          expect(accumulator.text()).toBe(expected);
        },
      ),
    );
  });

  it("starts from an initial text", () => {
    const accumulator = createTextAccumulator("abc");
    accumulator.append("def");
    expect(accumulator.text()).toBe("abcdef");
    expect(createTextAccumulator().text()).toBe("");
  });
});
