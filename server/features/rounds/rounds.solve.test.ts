import { describe, expect, it } from 'vitest';
import { readImportedWants, roundWantList, solveRoundWantList, usernames } from './rounds.solve.js';

const entries = [
  { id: 11, userId: 'u-ann', title: 'Lamp', wants: [[12, 13]], eligible: true },
  { id: 12, userId: 'u-bob', title: 'Tent', wants: [11], eligible: true },
  { id: 13, userId: 'u-cat', title: 'Chess', wants: [11, 14], eligible: true },
  { id: 14, userId: 'u-dan', title: 'Gone', wants: [11], eligible: false },
];
const names = usernames(
  entries,
  new Map([
    ['u-ann', 'Ann (the organiser)'],
    ['u-bob', 'bob'],
    ['u-cat', null],
    ['u-dan', 'bob'],
  ]),
);

describe('a round as a want-list file', () => {
  it('gives each member a distinct username TradeMaximizer accepts', () => {
    expect([...names.values()]).toEqual(['Ann-the-organiser', 'bob', 'member-u-cat', 'bob-2']);
  });

  it('writes eligible entries, groups as dummies, and solves it reproducibly', async () => {
    const text = roundWantList({ id: 5, title: 'Test round', seed: 42 }, entries, names);
    expect(text).toContain('(Ann-the-organiser) 11 : %ANY-1');
    expect(text).toContain('(Ann-the-organiser) %ANY-1 : 12 13');
    expect(text).not.toMatch(/^\(bob-2\)/m);
    expect(text).toContain('(member-u-cat) 13 : 11');
    const first = await solveRoundWantList(text, names, { seed: 42, maxLoopLength: null });
    const again = await solveRoundWantList(text, names, { seed: 42, maxLoopLength: null });
    expect(first.legs).toEqual(again.legs);
    expect(first.result).toMatchObject({ itemsTraded: 2, items: 3, optimal: true });
    // Ann's group lets her take either; one two-way swap trades both listings.
    expect(first.legs.map((leg) => [leg.giverId, leg.entryId, leg.receiverId]).sort()).toEqual(
      expect.arrayContaining([expect.arrayContaining(['u-ann', 11])]),
    );
    expect(first.report).toContain('Num trades   = 2 of 3 items');
  });

  it('reads an imported file back into want lists, warning about what it skips', () => {
    const file = [
      '#! ALLOW-DUMMIES REQUIRE-COLONS REQUIRE-USERNAMES CASE-SENSITIVE',
      '(Ann-the-organiser) 11 : 12 %G 99',
      '(Ann-the-organiser) %G : 13 11',
      '(bob) 12 : 11',
      '(bob) 13 : 11',
    ].join('\n');
    const { wants, warnings } = readImportedWants(file, entries, names);
    expect(wants.get(11)).toEqual([12, [13]]);
    expect(wants.get(12)).toEqual([11]);
    expect(wants.has(13)).toBe(false);
    expect(warnings.join('\n')).toMatch(/belongs to member-u-cat, not bob/);
    expect(warnings.join('\n')).toMatch(/Unknown item 99/);
    expect(warnings.join('\n')).toMatch(/Item %G contains item 11 from the same user/);
  });
});
