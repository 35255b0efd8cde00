import { mulberry32 } from '../../shared/testing/mulberry32';

/** A small seeded PRNG (mulberry32) with the picks the fuzzer needs: same seed, same cases. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** murmur3's finaliser: every input bit flips about half the output bits. */
function fmix32(x: number): number {
  let h = x >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Mixes a run seed and a case index into one 32-bit seed, so case i replays alone. The seed is
 * mixed before the index joins it: combined linearly first, seed 2's cases would be seed 1's in
 * another order.
 */
export function caseSeed(seed: number, index: number): number {
  return fmix32(fmix32(seed + 0x9e3779b9) + Math.imul(index + 1, 0x9e3779b9));
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)] as T;
    },
  };
}
