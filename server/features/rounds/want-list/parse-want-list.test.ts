import { describe, expect, it } from 'vitest';
import { parseWantList, solverOptionsOf } from './parse-want-list.js';

const ranks = (text: string, item = 'A') =>
  parseWantList(text)
    .input.items.find((i) => i.id === item)
    ?.wants.map((w) => [w.item, w.rank]);

describe('parseWantList', () => {
  it('reads usernames, items and wants, upper-cased as TradeMaximizer does', () => {
    const parsed = parseWantList(
      '(John Doe) 123-othe : 078-manc 456-ches\n(ann) 078-MANC : 123-OTHE\n(bo) 456-ches : 123-othe',
    );
    expect(parsed.input.items.map((i) => [i.id, i.owner])).toEqual([
      ['123-OTHE', 'JOHN DOE'],
      ['078-MANC', 'ANN'],
      ['456-CHES', 'BO'],
    ]);
    expect(parsed.users.get('123-OTHE')).toBe('JOHN DOE');
    expect(ranks('(x) A : B C\n(y) B :\n(z) C :')).toEqual([
      ['B', 1],
      ['C', 2],
    ]);
  });

  it('follows TradeMaximizer rank steps: a semicolon adds the big step to the next rank', () => {
    const lists = '(y) B :\n(z) C :\n(w) D :\n';
    expect(ranks(`(x) A : B C ; D\n${lists}`)).toEqual([
      ['B', 1],
      ['C', 2],
      ['D', 12],
    ]);
    expect(ranks(`#! SMALL-STEP=0 BIG-STEP=100\n(x) A : B C ; D\n${lists}`)).toEqual([
      ['B', 1],
      ['C', 1],
      ['D', 101],
    ]);
    // Several semicolons, one before the first want, and no spaces around them.
    expect(ranks(`(x) A : ;B;;C D\n${lists}`)).toEqual([
      ['B', 10],
      ['C', 29],
      ['D', 30],
    ]);
  });

  it('reads explicit priorities, and warns about them without EXPLICIT-PRIORITIES', () => {
    const lists = '(y) B :\n(z) C :\n(w) D :\n';
    expect(ranks(`#! EXPLICIT-PRIORITIES\n(x) A : B=15 C D=193\n${lists}`)).toEqual([
      ['B', 15],
      ['C', 16],
      ['D', 193],
    ]);
    const plain = parseWantList(`(x) A : B=15 C\n${lists}`);
    expect(plain.warnings).toContain(
      "**** Cannot use '=' annotation in item B=15 in want list for item A unless using EXPLICIT_PRIORITIES.",
    );
  });

  it('lets an official item without a want list take its place in the ranking', () => {
    const text =
      '!BEGIN-OFFICIAL-NAMES\nA\nB\nC\nD\n!END-OFFICIAL-NAMES\n(x) A : B C D\n(y) B :\n(w) D :';
    expect(ranks(text)).toEqual([
      ['B', 1],
      ['D', 3],
    ]);
  });

  it('reads options, warns about unknown ones and keeps going', () => {
    const parsed = parseWantList(
      '#! allow-dummies HIDE-NONTRADES SHOW-ELAPSED-TIME SEED=42 ITERATIONS=10 METRIC=USERS-TRADING TRIANGLE-PRIORITIES\n#! FROBNICATE\n(x) A : B\n(y) B : A',
    );
    expect(parsed.options).toMatchObject({
      allowDummies: true,
      hideNonTrades: true,
      showElapsedTime: true,
      seed: 42,
      priorities: 'triangle',
    });
    expect(parsed.warnings).toEqual(['**** Unknown option "FROBNICATE": ignored (line 2)']);
    expect(parsed.errors).toEqual([]);
    expect(solverOptionsOf(parsed.options)).toEqual({ priorities: 'triangle', seed: 42 });
    expect(parseWantList('#! SEED=x\n').errors).toEqual([
      { line: 1, message: 'SEED argument must be a positive integer' },
    ]);
  });

  it('reads official names, plain or in the online generator layout', () => {
    const parsed = parseWantList(
      '!BEGIN-OFFICIAL-NAMES\n0001-CATAN ==> "Catan" (from ann)\n292-DARK Pink Floyd, Dark Side of the Moon\n305-whit: Beatles\n!END-OFFICIAL-NAMES\n(ann) 0001-CATAN : 292-DARK',
    );
    expect(parsed.officialNames?.get('0001-CATAN')).toEqual({
      description: '==> "Catan" (from ann)',
      name: 'Catan',
      owner: 'ann',
    });
    expect(parsed.officialNames?.get('292-DARK')?.description).toBe(
      'Pink Floyd, Dark Side of the Moon',
    );
    expect(parsed.officialNames?.get('305-WHIT')?.description).toBe('Beatles');
    expect(parsed.missing).toEqual(['292-DARK', '305-WHIT']);
  });

  it('reports each malformed line with its number and reason, and skips only that line', () => {
    const parsed = parseWantList(
      [
        '#! REQUIRE-COLONS REQUIRE-USERNAMES',
        '(ann) A : B',
        '(bob B : A',
        'C : A',
        '(cat) C A',
        '(dan) D : A : B',
        '(eve) E ; F : A',
        '(fay) F G : A',
        '(gus) G : A # note',
        '(hal) (x) H : A',
        '(ivy)',
        '() J : A',
        '(bob) B : A',
        '#! HIDE-LOOPS',
      ].join('\n'),
    );
    expect(parsed.errors).toEqual([
      { line: 3, message: "Missing ')' in username" },
      { line: 4, message: 'Missing username with REQUIRE-USERNAMES selected' },
      { line: 5, message: 'Missing colon with REQUIRE-COLONS selected' },
      { line: 6, message: 'Cannot have more than one colon on a line' },
      { line: 7, message: 'Semicolon cannot appear before colon' },
      { line: 8, message: 'Must have exactly one item before a colon (:)' },
      { line: 9, message: 'Comments (#...) cannot be used after beginning of line' },
      { line: 10, message: "Cannot have more than one '(' per line" },
      { line: 11, message: 'Username cannot appear on a line by itself' },
      { line: 12, message: 'Cannot have empty parentheses' },
      { line: 14, message: 'Options (#!...) cannot be declared after first real want list' },
    ]);
    expect(parsed.input.items.map((i) => i.id)).toEqual(['A', 'B']);
  });

  it('skips what TradeMaximizer skips, in its words', () => {
    const parsed = parseWantList(
      [
        '!BEGIN-OFFICIAL-NAMES',
        'A ==> "a" (from ann)',
        'B',
        'C',
        'D',
        '!END-OFFICIAL-NAMES',
        '(ann) A : B B A C ZZ ZZ',
        '(bob) B : A',
        '(bob) B : C',
        '(cat) C : A D',
        '(zed) A : B',
        '(dan) TYPO : A',
        '(cat) D : C',
        '%X : A',
      ].join('\n'),
    );
    expect(parsed.warnings.sort()).toEqual(
      [
        '**** Item B is repeated in want list for A.',
        '**** Item A appears in its own want list.',
        '**** Unknown item ZZ (2 occurrences)',
        '**** Item B has multiple want lists--ignoring all but first.  (Sometimes the result of an accidental line break in the middle of a want list.)',
        '**** Item A has multiple want lists--ignoring all but first.  (Sometimes the result of an accidental line break in the middle of a want list.)',
        '**** Cannot define want list for TYPO because it is not an official name.  (Usually indicates a typo by the item owner.)',
        '**** Item C contains item D from the same user (CAT)',
        '**** Item D contains item C from the same user (CAT)',
        '**** Dummy item %X declared without a username.',
      ].sort(),
    );
    expect(parsed.input.items.find((i) => i.id === 'A')?.wants).toEqual([
      { item: 'B', rank: 1 },
      { item: 'C', rank: 2 },
    ]);
  });

  it("skips a want list filed under someone other than the official name's owner", () => {
    const parsed = parseWantList(
      '!BEGIN-OFFICIAL-NAMES\nA ==> "a" (from ann)\nB ==> "b" (from bob)\n!END-OFFICIAL-NAMES\n(bob) A : B\n(bob) B : A',
    );
    expect(parsed.warnings).toEqual([
      '**** Item A is listed by (BOB) but its official name is from (ann)--ignoring its want list.',
    ]);
    expect(parsed.input.items.map((i) => i.id)).toEqual(['B']);
  });

  it('scopes dummy items to their owner and needs ALLOW-DUMMIES', () => {
    const text = '(ann) A : %D\n(ann) %D : B\n(bob) B : A\n(bob) %D : A';
    const allowed = parseWantList(`#! ALLOW-DUMMIES\n${text}`);
    expect(allowed.input.items.map((i) => [i.id, i.owner, Boolean(i.dummy)])).toEqual([
      ['A', 'ANN', false],
      ['%D for user (ANN)', 'ANN', true],
      ['B', 'BOB', false],
      ['%D for user (BOB)', 'BOB', true],
    ]);
    expect(allowed.input.items[0]?.wants).toEqual([{ item: '%D for user (ANN)', rank: 1 }]);
    const refused = parseWantList(text);
    expect(refused.warnings).toContain('**** Dummy items not allowed. (%D)');
  });

  it('keeps case with CASE-SENSITIVE and names members by item when a line has no username', () => {
    const parsed = parseWantList('#! CASE-SENSITIVE\nabc : Abc\nAbc : abc');
    expect(parsed.input.items.map((i) => [i.id, i.owner])).toEqual([
      ['abc', 'item abc'],
      ['Abc', 'item Abc'],
    ]);
    expect(parsed.users.get('abc')).toBeNull();
  });
});
