import { describe, expect, it } from 'vitest';
import {
  BASE_MICROS,
  ids,
  keeps,
  match,
  naiveRank,
  random,
  randomFilter,
  randomMatches,
  sortedEntries,
} from './ranked-matches.fixtures.js';
import { addCounts, countMatches, idsOf, pageOf, rankMatches } from './ranked-matches.js';

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
          // The mode is no facet: every count keeps to it.
          if (m.categoryId !== null && keeps(m, { condition: filter.condition, mode: filter.mode }))
            categories.set(m.categoryId, (categories.get(m.categoryId) ?? 0) + 1);
          if (keeps(m, { categoryId: filter.categoryId, mode: filter.mode }))
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

describe('the mode (give-aways or swaps)', () => {
  const list = rankMatches([
    match(1, 0.9, BASE_MICROS, 1, 'new', 'giveaway'),
    match(2, 0.8, BASE_MICROS, 2, 'good'),
    match(3, 0.7, BASE_MICROS, 1, 'good', 'giveaway'),
    match(4, 0.6, BASE_MICROS, null, 'good'),
    match(5, 0.5, BASE_MICROS, 2, 'new', 'giveaway'),
  ]);

  it('keeps the pages to one mode, with the other filters', () => {
    expect(pageOf(list, { mode: 'giveaway' }, 0, 10)).toEqual([1, 3, 5]);
    expect(pageOf(list, { mode: 'giveaway' }, 1, 1)).toEqual([3]);
    expect(pageOf(list, { mode: 'swap' }, 0, 10)).toEqual([2, 4]);
    expect(pageOf(list, { mode: 'giveaway', categoryId: 1, condition: 'good' }, 0, 10)).toEqual([
      3,
    ]);
  });

  it('is no facet: every count is of that mode', () => {
    const counts = countMatches(list, { mode: 'giveaway', categoryId: 1 });
    expect(counts.total).toBe(2);
    expect(sortedEntries(counts.categories)).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(sortedEntries(counts.conditions)).toEqual([
      ['good', 1],
      ['new', 1],
    ]);
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
