import { expect } from 'vitest';
import { LISTING_MODES, type ListingMode } from '../../../shared/item-display.js';
import { seededRandom } from '../../../shared/seeded-random.js';
import {
  type MatchFilter,
  type RankedMatch,
  type RankedMatches,
  rankMatches,
} from './ranked-matches.js';

/**
 * What the ranked-matches-*.test.ts files share: matches to rank, seeded random lists and filters,
 * and the page order and filtering written out independently of the module, to hold it against.
 */

type Random = {
  int: (lo: number, hi: number) => number;
  pick: <T>(values: readonly T[]) => T;
  chance: (p: number) => boolean;
};

export function random(seed: number): Random {
  const next = seededRandom(seed);
  return {
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (values) => values[Math.floor(next() * values.length)] as (typeof values)[number],
    chance: (p) => next() < p,
  };
}

export const BASE_MICROS = 1_700_000_000_000_000;
/** Includes values that differ only beyond float4 precision, so rounding decides ties. */
const RANKS = [0, 0.1, 0.1 + 1e-10, 0.2, 1 / 3, 1 / 3 - 1e-12, 0.5, 1.7] as const;
const CREATED = [BASE_MICROS, BASE_MICROS + 1, BASE_MICROS + 1_000_000, BASE_MICROS + 86_400e6];
export const CATEGORIES = [null, 1, 2, 3] as const;
const CONDITIONS = ['new', 'like_new', 'good', 'fair'] as const;

export function match(
  id: number,
  rank: number,
  createdMicros = BASE_MICROS,
  categoryId: number | null = 1,
  condition = 'good',
  mode: ListingMode = 'swap',
): RankedMatch {
  return { id, rank, createdMicros, categoryId, condition, mode };
}

export function randomMatch(r: Random, id: number): RankedMatch {
  return match(
    id,
    r.pick(RANKS),
    r.pick(CREATED),
    r.pick(CATEGORIES),
    r.pick(CONDITIONS),
    r.pick(LISTING_MODES),
  );
}

/** Unique ids drawn from 1..60, in a random order. */
export function randomMatches(r: Random, maxSize: number): RankedMatch[] {
  const size = r.int(0, maxSize);
  const ids = new Set<number>();
  while (ids.size < size) ids.add(r.int(1, 60));
  return [...ids].map((id) => randomMatch(r, id));
}

/**
 * The page order written out independently of the module: the float4 rank, then the creation
 * time, then the id, each compared with < and > (so no subtraction is involved).
 */
export function naiveRank(matches: readonly RankedMatch[]): RankedMatch[] {
  const keyed = matches.map((m) => ({ ...m, rank: Math.fround(m.rank) }));
  return keyed.sort((a, b) => {
    if (a.rank !== b.rank) return a.rank > b.rank ? -1 : 1;
    if (a.createdMicros !== b.createdMicros) return a.createdMicros > b.createdMicros ? -1 : 1;
    return a.id > b.id ? -1 : a.id < b.id ? 1 : 0;
  });
}

/** What a listing without a category is stored as in the categories column. */
export const NO_CATEGORY_VALUE = rankMatches([match(1, 0, BASE_MICROS, null)])
  .categories[0] as number;

/** Every column of the list, row by row, with the no-category value read back as null. */
export function rows(list: RankedMatches): RankedMatch[] {
  expect(list.ids.length).toBe(list.size);
  expect(list.ranks.length).toBe(list.size);
  expect(list.created.length).toBe(list.size);
  expect(list.categories.length).toBe(list.size);
  expect(list.conditions.length).toBe(list.size);
  expect(list.modes.length).toBe(list.size);
  return Array.from({ length: list.size }, (_, i) => {
    const category = list.categories[i] as number;
    return {
      id: list.ids[i] as number,
      rank: list.ranks[i] as number,
      createdMicros: list.created[i] as number,
      categoryId: category === NO_CATEGORY_VALUE ? null : category,
      condition: list.conditions[i] as string,
      mode: LISTING_MODES[list.modes[i] as number] as ListingMode,
    };
  });
}

export function ids(matches: readonly RankedMatch[]): number[] {
  return matches.map((m) => m.id);
}

export function keeps(m: RankedMatch, filter: MatchFilter): boolean {
  return (
    (filter.categoryId === undefined || m.categoryId === filter.categoryId) &&
    (filter.condition === undefined || m.condition === filter.condition) &&
    (filter.mode === undefined || m.mode === filter.mode)
  );
}

export function randomFilter(r: Random): MatchFilter {
  const filter: MatchFilter = {};
  // Category 4 and 'broken' never occur: a filter on them keeps nothing.
  if (r.chance(0.6)) filter.categoryId = r.pick([1, 2, 3, 4]);
  if (r.chance(0.6)) filter.condition = r.pick([...CONDITIONS, 'broken']);
  if (r.chance(0.4)) filter.mode = r.pick(LISTING_MODES);
  return filter;
}

export function sortedEntries<K>(map: Map<K, number>): [K, number][] {
  return [...map.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)));
}
