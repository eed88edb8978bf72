/**
 * Realistic want lists for tests and the bench, a pure function of the options: a few popular
 * items wanted by many (Zipf-like), members owning from one item to a few dozen, list lengths
 * that vary a lot, the odd `;` rank jump, and dummy items guarding against duplicates.
 */
import { type Random, seededRandom, shuffleInPlace } from '../../../../shared/seeded-random.js';
import type { SolverInput, SolverItem } from './types.js';

export type GenerateOptions = {
  items: number;
  /** Total want-list entries over all real items, dummies' lists not counted. */
  wants: number;
  seed: number;
  /** Zipf exponent of item popularity (1 is classic Zipf). */
  skew?: number;
  /** Share of members with several items who add one dummy item. */
  dummyShare?: number;
  /** Share of items hardly anyone wants (every real trade has its share of those). */
  unwantedShare?: number;
};

const BIG_STEP = 9;

function memberSizes(items: number, random: Random): number[] {
  const sizes: number[] = [];
  let left = items;
  while (left > 0) {
    const roll = random();
    let size: number;
    if (roll < 0.35) size = 1;
    else if (roll < 0.55) size = 2;
    else if (roll < 0.67) size = 3;
    else if (roll < 0.92) size = 4 + Math.floor(random() * 7);
    else size = 11 + Math.floor(random() * 20);
    size = Math.min(size, left);
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/** List lengths summing to `total`, spread log-normally, each within [0, cap[i]]. */
function listLengths(caps: number[], total: number, random: Random): number[] {
  const weights = caps.map(() => {
    // Box–Muller: a normal deviate from two uniforms.
    const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.exp(0.9 * z);
  });
  const lengths = caps.map(() => 0);
  let left = Math.min(
    total,
    caps.reduce((a, b) => a + b, 0),
  );
  // Hand out the remainder repeatedly to the lists that still have room, in proportion.
  while (left > 0) {
    let weightSum = 0;
    for (let i = 0; i < caps.length; i++)
      if ((lengths[i] ?? 0) < (caps[i] ?? 0)) weightSum += weights[i] ?? 0;
    if (weightSum === 0) break;
    let handed = 0;
    for (let i = 0; i < caps.length && left > 0; i++) {
      const room = (caps[i] ?? 0) - (lengths[i] ?? 0);
      if (room <= 0) continue;
      const share = Math.min(room, left, Math.floor((left * (weights[i] ?? 0)) / weightSum));
      lengths[i] = (lengths[i] ?? 0) + share;
      left -= share;
      handed += share;
    }
    if (handed === 0) {
      // Rounding left a few entries over: one each to random lists with room.
      const i = Math.floor(random() * caps.length);
      if ((lengths[i] ?? 0) < (caps[i] ?? 0)) {
        lengths[i] = (lengths[i] ?? 0) + 1;
        left--;
      }
    }
  }
  return lengths;
}

export function generateWantLists(options: GenerateOptions): SolverInput {
  const random = seededRandom(options.seed);
  const n = options.items;
  const skew = options.skew ?? 1;
  const dummyShare = options.dummyShare ?? 0.1;
  const unwantedShare = options.unwantedShare ?? 0.25;

  const owners = new Int32Array(n);
  const sizes = memberSizes(n, random);
  {
    const order = Array.from({ length: n }, (_, i) => i);
    shuffleInPlace(order, random);
    let next = 0;
    sizes.forEach((size, member) => {
      for (let k = 0; k < size; k++) owners[order[next++] ?? 0] = member;
    });
  }
  const ownCount = sizes;

  // Popularity: item at popularity position p gets weight 1 / (p + 3)^skew, except the unwanted
  // ones, which keep a sliver of it.
  const byPopularity = Array.from({ length: n }, (_, i) => i);
  shuffleInPlace(byPopularity, random);
  const cumulative = new Float64Array(n);
  const wanted: number[] = [];
  let acc = 0;
  for (let p = 0; p < n; p++) {
    const unwanted = random() < unwantedShare;
    if (!unwanted) wanted.push(byPopularity[p] ?? 0);
    acc += (unwanted ? 0.002 : 1) / (p + 3) ** skew;
    cumulative[p] = acc;
  }
  const drawPopular = () => {
    const x = random() * acc;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return byPopularity[lo] ?? 0;
  };

  const caps = Array.from({ length: n }, (_, i) =>
    Math.floor((n * (1 - unwantedShare) - (ownCount[owners[i] ?? 0] ?? 0)) / 2),
  );
  const lengths = listLengths(caps, options.wants, random);

  const id = (i: number) => String(i + 1).padStart(String(n).length, '0');
  const memberName = (m: number) => `member${m + 1}`;
  const seen = new Int32Array(n).fill(-1);
  const wantsOf: number[][] = [];
  for (let i = 0; i < n; i++) {
    const owner = owners[i] ?? 0;
    const length = lengths[i] ?? 0;
    const list: number[] = [];
    let misses = 0;
    while (list.length < length) {
      // Mostly popular picks; when they keep colliding, fall back to any wanted item.
      const j = misses < 50 ? drawPopular() : (wanted[Math.floor(random() * wanted.length)] ?? 0);
      if (owners[j] === owner || seen[j] === i) {
        misses++;
        continue;
      }
      seen[j] = i;
      list.push(j);
    }
    wantsOf.push(list);
  }

  const items: SolverItem[] = [];
  for (let i = 0; i < n; i++) {
    const list = wantsOf[i] ?? [];
    const jumpAt = random() < 0.3 ? 1 + Math.floor(random() * Math.max(1, list.length - 1)) : -1;
    items.push({
      id: id(i),
      owner: memberName(owners[i] ?? 0),
      wants: list.map((j, k) => ({
        item: id(j),
        rank: k + 1 + (jumpAt >= 0 && k >= jumpAt ? BIG_STEP : 0),
      })),
    });
  }

  // Dummies: a member with several items groups a few wanted items under one "%" item, which
  // then replaces them in each of that member's lists at the best of their ranks.
  const itemsOfMember: number[][] = sizes.map(() => []);
  for (let i = 0; i < n; i++) itemsOfMember[owners[i] ?? 0]?.push(i);
  let dummyCount = 0;
  itemsOfMember.forEach((mine, member) => {
    if (mine.length < 2 || random() >= dummyShare) return;
    const pool = [...new Set(mine.flatMap((i) => (items[i]?.wants ?? []).map((w) => w.item)))];
    if (pool.length < 2) return;
    shuffleInPlace(pool, random);
    const group = new Set(pool.slice(0, 2 + Math.floor(random() * 3)));
    const dummyId = `%dup${++dummyCount}`;
    for (const i of mine) {
      const item = items[i];
      if (!item) continue;
      const kept = item.wants.filter((w) => !group.has(w.item));
      const grouped = item.wants.filter((w) => group.has(w.item));
      const first = grouped[0];
      if (!first) continue;
      const wants = [...kept, { item: dummyId, rank: first.rank }].sort((a, b) => a.rank - b.rank);
      items[i] = { ...item, wants };
    }
    items.push({
      id: dummyId,
      owner: memberName(member),
      dummy: true,
      wants: [...group].map((item, k) => ({ item, rank: k + 1 })),
    });
  });
  return { items };
}
