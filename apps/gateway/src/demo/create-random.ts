import { createRandom as createSeededRandom } from "@sluice/core";

/** A small seeded generator: the demo must answer the same request the same way for a given seed. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

/** mulberry32, seeded with `seed` mixed with an FNV-1a hash of `salt` (so each request has its own stream). */
export function createRandom(seed: number, salt = ""): Random {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let index = 0; index < salt.length; index++) {
    hash = Math.imul(hash ^ salt.charCodeAt(index), 0x01000193);
  }
  const next = createSeededRandom(hash);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new RangeError("pick from an empty list");
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (probability) => next() < probability,
  };
}
