import { describe, expect, it } from 'vitest';
import {
  BASE_MICROS,
  CATEGORIES,
  match,
  NO_CATEGORY_VALUE,
  naiveRank,
  random,
  randomMatches,
  rows,
  sortedEntries,
} from './ranked-matches.fixtures.js';
import {
  countMatches,
  pageOf,
  type RankedMatch,
  rankedColumns,
  rankMatches,
} from './ranked-matches.js';

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

describe('rankedColumns', () => {
  const arraysOf = (matches: readonly RankedMatch[]) => ({
    ids: matches.map((m) => m.id),
    ranks: matches.map((m) => m.rank),
    created: matches.map((m) => m.createdMicros),
    categories: matches.map((m) => m.categoryId),
    conditions: matches.map((m) => m.condition),
    modes: matches.map((m) => m.mode),
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
