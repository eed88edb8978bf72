/**
 * A small seeded generator (mulberry32): the same seed gives the same sequence on every machine,
 * which makes generated want lists and seeded tie-breaking reproducible.
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates in place. */
export function shuffleInPlace<T>(values: T[] | Int32Array, random: Random): void {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = values[i] as T;
    values[i] = values[j] as T;
    values[j] = swap;
  }
}
