import { describe, expect, it } from 'vitest';
import {
  BASE_MICROS,
  ids,
  match,
  naiveRank,
  random,
  randomMatch,
  randomMatches,
  rows,
  sortedEntries,
} from './ranked-matches.fixtures.js';
import {
  countMatches,
  pageOf,
  type RankedMatch,
  rankMatches,
  withChanges,
} from './ranked-matches.js';

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
