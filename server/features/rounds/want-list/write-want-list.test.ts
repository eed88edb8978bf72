import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateWantLists } from '../solver/generate-want-lists.js';
import type { SolverInput } from '../solver/types.js';
import { parseWantList } from './parse-want-list.js';
import { WantListWriteError, writeWantList } from './write-want-list.js';

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

/** Dummy ids are renamed by a round trip ("%X" becomes "%X for user (OWNER)"): compare by owner and name. */
function canonical(input: SolverInput): SolverInput {
  const rename = new Map(
    input.items.filter((i) => i.dummy).map((i) => [i.id, `${i.id.split(' ')[0]}@${i.owner}`]),
  );
  const id = (value: string) => rename.get(value) ?? value;
  return {
    items: input.items.map((i) => ({
      id: id(i.id),
      owner: i.owner,
      dummy: Boolean(i.dummy),
      wants: i.wants.map((w) => ({ item: id(w.item), rank: w.rank })),
    })),
  };
}

describe('writeWantList', () => {
  it('round-trips: write, parse, same instance (ranks, dummies and case kept)', () => {
    for (const seed of [1, 2, 3]) {
      const original = generateWantLists({ items: 150, wants: 1500, seed, dummyShare: 0.5 });
      const text = writeWantList(original);
      const parsed = parseWantList(text);
      expect(parsed.errors).toEqual([]);
      expect(parsed.warnings).toEqual([]);
      expect(canonical(parsed.input)).toEqual(canonical(original));
      // And the parsed instance writes back to the very same text.
      expect(writeWantList(parsed.input)).toBe(text);
    }
  });

  it('uses semicolons when ranks allow it and explicit priorities otherwise', () => {
    const item = (id: string, owner: string, wants: [string, number][]) => ({
      id,
      owner,
      wants: wants.map(([w, rank]) => ({ item: w, rank })),
    });
    const jumps = writeWantList({
      items: [
        item('A', 'ANN', [
          ['B', 1],
          ['C', 11],
          ['D', 12],
        ]),
        item('B', 'BOB', []),
        item('C', 'CAT', []),
        item('D', 'DAN', []),
      ],
    });
    expect(jumps).toContain('#! REQUIRE-USERNAMES REQUIRE-COLONS LINEAR-PRIORITIES');
    expect(jumps).toContain('(ANN) A : B ; C D');
    const explicit = writeWantList({
      items: [
        item('A', 'ANN', [
          ['B', 2],
          ['C', 3],
          ['D', 7],
        ]),
        item('B', 'BOB', []),
        item('C', 'CAT', []),
        item('D', 'DAN', []),
      ],
    });
    expect(explicit).toContain('EXPLICIT-PRIORITIES');
    expect(explicit).toContain('(ANN) A : B=2 C D=7');
    const back = parseWantList(explicit).input.items[0]?.wants.map((w) => w.rank);
    expect(back).toEqual([2, 3, 7]);
  });

  it('writes official names so that the report can show them', () => {
    const input = parseWantList(fixture('official-names.txt')).input;
    const names = new Map([['0001-CATAN', 'Settlers of "Catan"']]);
    const text = writeWantList(input, { names, comments: ['Round 7'] });
    expect(text.startsWith('# Round 7\n#! ')).toBe(true);
    expect(text).toContain(
      '!BEGIN-OFFICIAL-NAMES\n0001-CATAN ==> "Settlers of \'Catan\'" (from ANN)',
    );
    expect(parseWantList(text).officialNames?.get('0001-CATAN')?.name).toBe("Settlers of 'Catan'");
  });

  it('refuses names TradeMaximizer cannot read', () => {
    expect(() => writeWantList({ items: [{ id: 'two words', owner: 'ann', wants: [] }] })).toThrow(
      WantListWriteError,
    );
    expect(() => writeWantList({ items: [{ id: 'A', owner: 'a(b)', wants: [] }] })).toThrow(
      /username/,
    );
  });
});
