import fc from "fast-check";

// Characters that break naive code: NUL, lone surrogates, line separators, a BOM, bidi overrides, astral ones.
const oddCharacter = fc.oneof(
  fc.constantFrom("\u0000", "\ud800", "\udfff", "\u2028", "\u2029", "\ufeff", "\u202e", "\r", '"', "\\", "<"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.string({ minLength: 1, maxLength: 1 }),
);

/** Short strings full of odd characters, and names that collide with Object.prototype when used as keys. */
export const oddString = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: oddCharacter, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "hasOwnProperty", "toString"),
  },
);

/** Long strings (10k–200k characters), ASCII or astral, well under the body limit. */
export const hugeString = fc
  .tuple(fc.integer({ min: 10_000, max: 200_000 }), fc.constantFrom("x", "é", "🌍", "\u0000", " "))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

/** Arrays and objects nested 1 to 50 deep, alternating, with a leaf at the bottom. */
export const deepValue = fc
  .tuple(fc.integer({ min: 1, max: 50 }), fc.jsonValue({ maxDepth: 1 }))
  .map(([depth, leaf]) => {
    let value: unknown = leaf;
    for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { nested: value };
    return value;
  });

/** A value of the wrong JSON type for almost any field. */
export const wrongTypeValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 53), 1e308, -0),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Anything a field could be replaced with. */
export const hostileValue = fc.oneof(
  wrongTypeValue,
  oddString,
  hugeString,
  deepValue,
  fc.jsonValue({ maxDepth: 3 }),
);
