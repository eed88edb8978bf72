import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/seeded-random.js';
import {
  addCounts,
  countMatches,
  idsOf,
  type MatchFilter,
  pageOf,
  type RankedMatch,
  type RankedMatches,
  rankedColumns,
  rankMatches,
  withChanges,
} from './ranked-matches.js';

type Random = {
  int: (lo: number, hi: number) => number;
  pick: <T>(values: readonly T[]) => T;
  chance: (p: number) => boolean;
};

function random(seed: number): Random {
  const next = seededRandom(seed);
  return {
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (values) => values[Math.floor(next() * values.length)] as (typeof values)[number],
    chance: (p) => next() < p,
  };
}

const BASE_MICROS = 1_700_000_000_000_000;
/** Includes values that differ only beyond float4 precision, so rounding decides ties. */
const RANKS = [0, 0.1, 0.1 + 1e-10, 0.2, 1 / 3, 1 / 3 - 1e-12, 0.5, 1.7] as const;
const CREATED = [BASE_MICROS, BASE_MICROS + 1, BASE_MICROS + 1_000_000, BASE_MICROS + 86_400e6];
const CATEGORIES = [null, 1, 2, 3] as const;
const CONDITIONS = ['new', 'like_new', 'good', 'fair'] as const;

function match(
  id: number,
  rank: number,
  createdMicros = BASE_MICROS,
  categoryId: number | null = 1,
  condition = 'good',
): RankedMatch {
  return { id, rank, createdMicros, categoryId, condition };
}

function randomMatch(r: Random, id: number): RankedMatch {
  return match(id, r.pick(RANKS), r.pick(CREATED), r.pick(CATEGORIES), r.pick(CONDITIONS));
}

/** Unique ids drawn from 1..60, in a random order. */
function randomMatches(r: Random, maxSize: number): RankedMatch[] {
  const size = r.int(0, maxSize);
  const ids = new Set<number>();
  while (ids.size < size) ids.add(r.int(1, 60));
  return [...ids].map((id) => randomMatch(r, id));
}

/**
 * The page order written out independently of the module: the float4 rank, then the creation
 * time, then the id, each compared with < and > (so no subtraction is involved).
 */
function naiveRank(matches: readonly RankedMatch[]): RankedMatch[] {
  const keyed = matches.map((m) => ({ ...m, rank: Math.fround(m.rank) }));
  return keyed.sort((a, b) => {
    if (a.rank !== b.rank) return a.rank > b.rank ? -1 : 1;
    if (a.createdMicros !== b.createdMicros) return a.createdMicros > b.createdMicros ? -1 : 1;
    return a.id > b.id ? -1 : a.id < b.id ? 1 : 0;
  });
}

/** What a listing without a category is stored as in the categories column. */
const NO_CATEGORY_VALUE = rankMatches([match(1, 0, BASE_MICROS, null)]).categories[0] as number;

/** Every column of the list, row by row, with the no-category value read back as null. */
function rows(list: RankedMatches): RankedMatch[] {
  expect(list.ids.length).toBe(list.size);
  expect(list.ranks.length).toBe(list.size);
  expect(list.created.length).toBe(list.size);
  expect(list.categories.length).toBe(list.size);
  expect(list.conditions.length).toBe(list.size);
  return Array.from({ length: list.size }, (_, i) => {
    const category = list.categories[i] as number;
    return {
      id: list.ids[i] as number,
      rank: list.ranks[i] as number,
      createdMicros: list.created[i] as number,
      categoryId: category === NO_CATEGORY_VALUE ? null : category,
      condition: list.conditions[i] as string,
    };
  });
}

function ids(matches: readonly RankedMatch[]): number[] {
  return matches.map((m) => m.id);
}

function keeps(m: RankedMatch, filter: MatchFilter): boolean {
  return (
    (filter.categoryId === undefined || m.categoryId === filter.categoryId) &&
    (filter.condition === undefined || m.condition === filter.condition)
  );
}

function randomFilter(r: Random): MatchFilter {
  const filter: MatchFilter = {};
  // Category 4 and 'broken' never occur: a filter on them keeps nothing.
  if (r.chance(0.6)) filter.categoryId = r.pick([1, 2, 3, 4]);
  if (r.chance(0.6)) filter.condition = r.pick([...CONDITIONS, 'broken']);
  return filter;
}

function sortedEntries<K>(map: Map<K, number>): [K, number][] {
  return [...map.entries()].sort(([a], [b]) => String(a).localeCompare(String(b)));
}

describe('rankMatches', () => {
  it('orders by rank, highest first', () => {
    const list = rankMatches([match(1, 0.2), match(2, 0.9), match(3, 0), match(4, 0.5)]);
    expect(Array.from(list.ids)).toEqual([2, 4, 1, 3]);
    expect(Array.from(list.ranks)).toEqual([0.9, 0.5, 0.2, 0].map(Math.fround));
  });

  it('orders equal ranks newest first', () => {
    const list = rankMatches([
      match(1, 0.5, BASE_MICROS + 5),
      match(2, 0.5, BASE_MICROS + 9),
      match(3, 0.5, BASE_MICROS),
      match(4, 0.7, BASE_MICROS),
    ]);
    expect(Array.from(list.ids)).toEqual([4, 2, 1, 3]);
    expect(Array.from(list.created)).toEqual([
      BASE_MICROS,
      BASE_MICROS + 9,
      BASE_MICROS + 5,
      BASE_MICROS,
    ]);
  });

  it('tells creation times one microsecond apart at present-day magnitudes', () => {
    const list = rankMatches([match(1, 0.5, BASE_MICROS), match(2, 0.5, BASE_MICROS + 1)]);
    expect(Array.from(list.ids)).toEqual([2, 1]);
    expect(Array.from(list.created)).toEqual([BASE_MICROS + 1, BASE_MICROS]);
  });

  it('orders equal rank and creation time by id, highest first', () => {
    const list = rankMatches([match(3, 0.5), match(10, 0.5), match(7, 0.5), match(1, 0.5)]);
    expect(Array.from(list.ids)).toEqual([10, 7, 3, 1]);
  });

  it('treats ranks that differ only beyond float4 precision as equal', () => {
    // 0.1 + 1e-10 is the larger double, but both round to the same float4, so the newer listing
    // comes first, and then for equal creation times the higher id.
    expect(Math.fround(0.1 + 1e-10)).toBe(Math.fround(0.1));
    const byCreated = rankMatches([
      match(1, 0.1 + 1e-10, BASE_MICROS),
      match(2, 0.1, BASE_MICROS + 1),
    ]);
    expect(Array.from(byCreated.ids)).toEqual([2, 1]);
    const byId = rankMatches([match(2, 0.1 + 1e-10), match(1, 0.1), match(3, 0.1)]);
    expect(Array.from(byId.ids)).toEqual([3, 2, 1]);
    expect(Array.from(byId.ranks)).toEqual([Math.fround(0.1), Math.fround(0.1), Math.fround(0.1)]);
  });

  it('still orders by ranks that differ within float4 precision', () => {
    // One float4 step above 0.1 is a distinct rank, so it wins over a newer, higher id.
    const above = 0.1 + 2e-8;
    expect(Math.fround(above)).toBeGreaterThan(Math.fround(0.1));
    const list = rankMatches([match(1, above, BASE_MICROS), match(2, 0.1, BASE_MICROS + 1)]);
    expect(Array.from(list.ids)).toEqual([1, 2]);
  });

  it('keeps every field of every match in its row', () => {
    const matches = [
      match(5, 0.3, BASE_MICROS + 2, 2, 'new'),
      match(6, 0.8, BASE_MICROS + 1, null, 'fair'),
      match(7, 0.3, BASE_MICROS + 3, 3, 'like_new'),
    ];
    expect(rows(rankMatches(matches))).toEqual([
      match(6, Math.fround(0.8), BASE_MICROS + 1, null, 'fair'),
      match(7, Math.fround(0.3), BASE_MICROS + 3, 3, 'like_new'),
      match(5, Math.fround(0.3), BASE_MICROS + 2, 2, 'new'),
    ]);
  });

  it('stores a listing without a category as a value no real category has', () => {
    expect(CATEGORIES).not.toContain(NO_CATEGORY_VALUE);
    expect(NO_CATEGORY_VALUE).toBeLessThan(1);
    const list = rankMatches([
      match(1, 0.5, BASE_MICROS, null),
      match(2, 0.4, BASE_MICROS, 1),
      match(3, 0.3, BASE_MICROS, null),
    ]);
    expect(Array.from(list.categories)).toEqual([NO_CATEGORY_VALUE, 1, NO_CATEGORY_VALUE]);
  });

  it('keeps listings without a category out of every category page and count', () => {
    const list = rankMatches([
      match(1, 0.5, BASE_MICROS, null, 'good'),
      match(2, 0.4, BASE_MICROS, 1, 'good'),
      match(3, 0.3, BASE_MICROS, null, 'new'),
      match(4, 0.2, BASE_MICROS, 2, 'new'),
    ]);
    expect(pageOf(list, {}, 0, 10)).toEqual([1, 2, 3, 4]);
    expect(pageOf(list, { categoryId: 1 }, 0, 10)).toEqual([2]);
    expect(pageOf(list, { categoryId: 2 }, 0, 10)).toEqual([4]);
    const counts = countMatches(list, {});
    expect(counts.total).toBe(4);
    expect(sortedEntries(counts.categories)).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(sortedEntries(counts.conditions)).toEqual([
      ['good', 2],
      ['new', 2],
    ]);
  });

  it('leaves its input as it was', () => {
    const matches = [match(1, 0.1 + 1e-10), match(2, 0.9)];
    const copy = structuredClone(matches);
    rankMatches(matches);
    expect(matches).toEqual(copy);
  });

  it('ranks nothing as an empty list', () => {
    const list = rankMatches([]);
    expect(list.size).toBe(0);
    expect(rows(list)).toEqual([]);
    expect(pageOf(list, {}, 0, 10)).toEqual([]);
    expect(countMatches(list, {}).total).toBe(0);
  });

  it('agrees with an independent sort on 200 random lists', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed);
      const matches = randomMatches(r, 40);
      expect(rows(rankMatches(matches)), `seed ${seed}`).toEqual(naiveRank(matches));
    }
  });
});

describe('withChanges', () => {
  const base = rankMatches([
    match(1, 0.9, BASE_MICROS, 1, 'new'),
    match(2, 0.5, BASE_MICROS + 10, 2, 'good'),
    match(3, 0.5, BASE_MICROS, null, 'fair'),
    match(4, 0.1, BASE_MICROS, 3, 'good'),
  ]);

  it('takes out a changed listing that no longer matches', () => {
    expect(Array.from(withChanges(base, new Set([2]), []).ids)).toEqual([1, 3, 4]);
  });

  it('puts a changed listing back in the place its new rank gives it', () => {
    const list = withChanges(base, new Set([4]), [match(4, 0.7, BASE_MICROS, 1, 'new')]);
    expect(rows(list)).toEqual([
      match(1, Math.fround(0.9), BASE_MICROS, 1, 'new'),
      match(4, Math.fround(0.7), BASE_MICROS, 1, 'new'),
      match(2, Math.fround(0.5), BASE_MICROS + 10, 2, 'good'),
      match(3, Math.fround(0.5), BASE_MICROS, null, 'fair'),
    ]);
  });

  it('places a changed listing among equal ranks by creation time, then id', () => {
    const newest = withChanges(base, new Set([1]), [match(1, 0.5, BASE_MICROS + 11)]);
    expect(Array.from(newest.ids)).toEqual([1, 2, 3, 4]);
    const between = withChanges(base, new Set([1]), [match(1, 0.5, BASE_MICROS + 5)]);
    expect(Array.from(between.ids)).toEqual([2, 1, 3, 4]);
    const lowerId = withChanges(base, new Set([5]), [match(5, 0.5, BASE_MICROS)]);
    expect(Array.from(lowerId.ids)).toEqual([1, 2, 5, 3, 4]);
    const higherId = withChanges(base, new Set([2]), [match(2, 0.5, BASE_MICROS)]);
    expect(Array.from(higherId.ids)).toEqual([1, 3, 2, 4]);
  });

  it('rounds the new ranks to float4 before placing them', () => {
    // 0.5 + 1e-10 would come before listing 2 as a double; as a float4 it equals 0.5, so the
    // creation time puts it after listing 2.
    const list = withChanges(base, new Set([9]), [match(9, 0.5 + 1e-10, BASE_MICROS + 1)]);
    expect(Array.from(list.ids)).toEqual([1, 2, 9, 3, 4]);
    expect(list.ranks[2]).toBe(Math.fround(0.5));
  });

  it('adds a newly matching listing that was not in the ranking', () => {
    const list = withChanges(base, new Set([8]), [match(8, 0.05, BASE_MICROS, 2, 'new')]);
    expect(Array.from(list.ids)).toEqual([1, 2, 3, 4, 8]);
    expect(list.size).toBe(5);
  });

  it('ignores a matching listing whose id is not among the changed', () => {
    const list = withChanges(base, new Set([2]), [
      match(2, 0.3, BASE_MICROS),
      match(9, 1, BASE_MICROS),
      match(1, 0, BASE_MICROS),
    ]);
    expect(Array.from(list.ids)).toEqual([1, 3, 2, 4]);
    expect(list.ranks[0]).toBe(Math.fround(0.9));
  });

  it('changes nothing for a changed id that neither was nor is a match', () => {
    expect(rows(withChanges(base, new Set([42]), []))).toEqual(rows(base));
  });

  it('keeps a listing without a category without a category', () => {
    const list = withChanges(base, new Set([1, 6]), [match(6, 0.6, BASE_MICROS, null, 'good')]);
    expect(rows(list)).toEqual([
      match(6, Math.fround(0.6), BASE_MICROS, null, 'good'),
      match(2, Math.fround(0.5), BASE_MICROS + 10, 2, 'good'),
      match(3, Math.fround(0.5), BASE_MICROS, null, 'fair'),
      match(4, Math.fround(0.1), BASE_MICROS, 3, 'good'),
    ]);
    expect(sortedEntries(countMatches(list, {}).categories)).toEqual([
      [2, 1],
      [3, 1],
    ]);
  });

  it('builds a ranking from an empty one, and empties one when all are changed', () => {
    const built = withChanges(rankMatches([]), new Set([1, 2]), [match(1, 0.1), match(2, 0.2)]);
    expect(Array.from(built.ids)).toEqual([2, 1]);
    const emptied = withChanges(base, new Set([1, 2, 3, 4]), []);
    expect(emptied.size).toBe(0);
    expect(pageOf(emptied, {}, 0, 10)).toEqual([]);
  });

  it('leaves the ranking it was given as it was', () => {
    const before = rows(base);
    withChanges(base, new Set([1, 4]), [match(4, 1, BASE_MICROS, 2, 'new')]);
    expect(rows(base)).toEqual(before);
  });

  it('agrees with re-ranking from scratch on 200 random changes', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed * 7919);
      const original = randomMatches(r, 30);
      const list = rankMatches(original);
      const before = rows(list);

      const changed = new Set<number>();
      for (const m of original) if (r.chance(0.3)) changed.add(m.id);
      // Ids that were not matches before; some of them will match now.
      for (let n = r.int(0, 5); n > 0; n--) changed.add(r.int(1, 80));
      const matching: RankedMatch[] = [];
      for (const id of changed) if (r.chance(0.6)) matching.push(randomMatch(r, id));
      // Entries for ids that did not change, which withChanges must ignore.
      if (r.chance(0.5)) {
        for (let n = r.int(1, 4); n > 0; n--) {
          const id = r.int(1, 80);
          if (!changed.has(id)) matching.push(randomMatch(r, id));
        }
      }
      // The order `matching` arrives in must not matter.
      if (r.chance(0.5)) matching.reverse();

      const expected = naiveRank([
        ...original.filter((m) => !changed.has(m.id)),
        ...matching.filter((m) => changed.has(m.id)),
      ]);
      const result = withChanges(list, changed, matching);
      const context = `seed ${seed * 7919}`;
      expect(result.size, context).toBe(expected.length);
      expect(rows(result), context).toEqual(expected);
      expect(pageOf(result, {}, 0, 1_000_000), context).toEqual(ids(expected));
      expect(rows(list), context).toEqual(before);
    }
  });
});

describe('pageOf', () => {
  const list = rankMatches([
    match(1, 0.9, BASE_MICROS, 1, 'new'),
    match(2, 0.8, BASE_MICROS, 2, 'good'),
    match(3, 0.7, BASE_MICROS, 1, 'good'),
    match(4, 0.6, BASE_MICROS, null, 'good'),
    match(5, 0.5, BASE_MICROS, 1, 'good'),
    match(6, 0.4, BASE_MICROS, 2, 'new'),
  ]);

  it('pages through every match in page order', () => {
    expect(pageOf(list, {}, 0, 2)).toEqual([1, 2]);
    expect(pageOf(list, {}, 2, 2)).toEqual([3, 4]);
    expect(pageOf(list, {}, 4, 2)).toEqual([5, 6]);
    expect(pageOf(list, {}, 5, 10)).toEqual([6]);
  });

  it('counts the offset among the filtered matches only', () => {
    expect(pageOf(list, { categoryId: 1 }, 0, 10)).toEqual([1, 3, 5]);
    expect(pageOf(list, { categoryId: 1 }, 1, 1)).toEqual([3]);
    expect(pageOf(list, { condition: 'good' }, 1, 2)).toEqual([3, 4]);
    expect(pageOf(list, { categoryId: 1, condition: 'good' }, 0, 10)).toEqual([3, 5]);
    expect(pageOf(list, { categoryId: 2, condition: 'new' }, 0, 10)).toEqual([6]);
  });

  it('gives an empty page past the end, for a limit of 0, and for a filter nothing passes', () => {
    expect(pageOf(list, {}, 6, 10)).toEqual([]);
    expect(pageOf(list, {}, 100, 10)).toEqual([]);
    expect(pageOf(list, { categoryId: 1 }, 3, 10)).toEqual([]);
    expect(pageOf(list, {}, 0, 0)).toEqual([]);
    expect(pageOf(list, {}, 3, 0)).toEqual([]);
    expect(pageOf(list, { categoryId: 9 }, 0, 10)).toEqual([]);
    expect(pageOf(list, { condition: 'fair' }, 0, 10)).toEqual([]);
  });

  it('agrees with filtering and slicing on 200 random pages', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed * 104729);
      const matches = randomMatches(r, 40);
      const list = rankMatches(matches);
      const sorted = naiveRank(matches);
      for (let q = 0; q < 5; q++) {
        const filter = randomFilter(r);
        const offset = r.int(0, matches.length + 3);
        const limit = r.chance(0.1) ? 0 : r.int(1, matches.length + 3);
        const expected = ids(sorted.filter((m) => keeps(m, filter))).slice(offset, offset + limit);
        const context = `seed ${seed * 104729}, ${JSON.stringify({ filter, offset, limit })}`;
        expect(pageOf(list, filter, offset, limit), context).toEqual(expected);
      }
    }
  });
});

describe('countMatches', () => {
  const list = rankMatches([
    match(1, 0.9, BASE_MICROS, 1, 'new'),
    match(2, 0.8, BASE_MICROS, 2, 'good'),
    match(3, 0.7, BASE_MICROS, 1, 'good'),
    match(4, 0.6, BASE_MICROS, null, 'good'),
    match(5, 0.5, BASE_MICROS, 1, 'fair'),
    match(6, 0.4, BASE_MICROS, 2, 'new'),
    match(7, 0.3, BASE_MICROS, null, 'new'),
  ]);

  it('counts every match, per category and per condition, with no filter', () => {
    const counts = countMatches(list, {});
    expect(counts.total).toBe(7);
    expect(sortedEntries(counts.categories)).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(sortedEntries(counts.conditions)).toEqual([
      ['fair', 1],
      ['good', 3],
      ['new', 3],
    ]);
  });

  it('counts categories leaving the category filter out, but under the condition filter', () => {
    const counts = countMatches(list, { categoryId: 1, condition: 'new' });
    expect(counts.total).toBe(1);
    // Of the 'new' listings: 1 in category 1, 6 in category 2, 7 in none.
    expect(sortedEntries(counts.categories)).toEqual([
      [1, 1],
      [2, 1],
    ]);
    // Of category 1's listings: 1 'new', 3 'good', 5 'fair'.
    expect(sortedEntries(counts.conditions)).toEqual([
      ['fair', 1],
      ['good', 1],
      ['new', 1],
    ]);
  });

  it('counts only the category filter into the conditions', () => {
    const counts = countMatches(list, { categoryId: 2 });
    expect(counts.total).toBe(2);
    expect(sortedEntries(counts.categories)).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(sortedEntries(counts.conditions)).toEqual([
      ['good', 1],
      ['new', 1],
    ]);
  });

  it('counts only the condition filter into the categories', () => {
    const counts = countMatches(list, { condition: 'good' });
    expect(counts.total).toBe(3);
    expect(sortedEntries(counts.categories)).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(sortedEntries(counts.conditions)).toEqual([
      ['fair', 1],
      ['good', 3],
      ['new', 3],
    ]);
  });

  it('counts nothing in total for a filter nothing passes, yet still gives the facets', () => {
    const counts = countMatches(list, { categoryId: 9 });
    expect(counts.total).toBe(0);
    expect(sortedEntries(counts.categories)).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(counts.conditions.size).toBe(0);
  });

  it('agrees with counting by hand on 200 random lists and filters', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = random(seed * 15485863);
      const matches = randomMatches(r, 40);
      const list = rankMatches(matches);
      for (let q = 0; q < 5; q++) {
        const filter = randomFilter(r);
        const categories = new Map<number, number>();
        const conditions = new Map<string, number>();
        for (const m of matches) {
          if (m.categoryId !== null && keeps(m, { condition: filter.condition }))
            categories.set(m.categoryId, (categories.get(m.categoryId) ?? 0) + 1);
          if (keeps(m, { categoryId: filter.categoryId }))
            conditions.set(m.condition, (conditions.get(m.condition) ?? 0) + 1);
        }
        const counts = countMatches(list, filter);
        const context = `seed ${seed * 15485863}, ${JSON.stringify(filter)}`;
        expect(counts.total, context).toBe(matches.filter((m) => keeps(m, filter)).length);
        expect(counts.total, context).toBe(pageOf(list, filter, 0, 1_000_000).length);
        expect(sortedEntries(counts.categories), context).toEqual(sortedEntries(categories));
        expect(sortedEntries(counts.conditions), context).toEqual(sortedEntries(conditions));
      }
    }
  });
});

describe('leaving listings out (a typo correction leaves out the exact matches)', () => {
  const list = rankMatches([
    match(1, 0.9, BASE_MICROS, 1, 'good'),
    match(2, 0.8, BASE_MICROS, 2, 'good'),
    match(3, 0.7, BASE_MICROS, 1, 'fair'),
    match(4, 0.6, BASE_MICROS, null, 'good'),
  ]);
  const without = new Set([1, 4, 99]);

  it('pages over the listings left, counting the offset among them only', () => {
    expect(pageOf(list, { without }, 0, 10)).toEqual([2, 3]);
    expect(pageOf(list, { without }, 1, 10)).toEqual([3]);
    expect(pageOf(list, { without, categoryId: 1 }, 0, 10)).toEqual([3]);
  });

  it('counts the listings left in every facet, and adds two disjoint counts up', () => {
    const left = countMatches(list, { without });
    expect(left.total).toBe(2);
    expect(sortedEntries(left.categories)).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(sortedEntries(left.conditions)).toEqual([
      ['fair', 1],
      ['good', 1],
    ]);
    const sum = addCounts(
      countMatches(rankMatches([match(1, 0.9, BASE_MICROS, 1, 'good')]), {}),
      left,
    );
    expect(sum.total).toBe(3);
    expect(sortedEntries(sum.categories)).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(sortedEntries(sum.conditions)).toEqual([
      ['fair', 1],
      ['good', 2],
    ]);
    expect([...idsOf(list)].sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('rankedColumns', () => {
  const arraysOf = (matches: readonly RankedMatch[]) => ({
    ids: matches.map((m) => m.id),
    ranks: matches.map((m) => m.rank),
    created: matches.map((m) => m.createdMicros),
    categories: matches.map((m) => m.categoryId),
    conditions: matches.map((m) => m.condition),
  });

  it('takes matches already in page order as they come, and sorts any that are not', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const matches = randomMatches(random(seed), 30);
      const expected = rows(rankMatches(matches));
      expect(rows(rankedColumns(arraysOf(naiveRank(matches)))), `seed ${seed}`).toEqual(expected);
      expect(rows(rankedColumns(arraysOf(matches))), `seed ${seed}`).toEqual(expected);
    }
  });
});
