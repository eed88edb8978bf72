/**
 * Writes solver input in TradeMaximizer's want-list format, so that an organiser can check an
 * exported round with TradeMaximizer itself. Ranks are kept exactly: `;` jumps when every gap is
 * one small step plus whole big steps, explicit `ITEM=rank` priorities otherwise.
 */
import type { Priorities, SolverInput } from '../solver/types.js';

export type WriteOptions = {
  /** Display names for the official-names block (`ITEM ==> "name" (from user)`). */
  names?: ReadonlyMap<string, string>;
  priorities?: Priorities;
  /** Comment lines written at the top (without the leading `#`). */
  comments?: readonly string[];
  /** Extra `#!` options, e.g. SHOW-ELAPSED-TIME. */
  extraOptions?: readonly string[];
};

const BIG_STEP = 9;
const TOKEN = /^[^\s#():;=%][^\s#():;=]*$/;
const USER = /^[^\s#():;][^#():;]*$/;

export class WantListWriteError extends Error {}

export function writeWantList(input: SolverInput, options: WriteOptions = {}): string {
  const { items } = input;
  const problems: string[] = [];
  const dummyNames = new Map<string, string>();
  const dummiesOf = new Map<string, Set<string>>();
  for (const item of items) {
    if (!USER.test(item.owner) || item.owner !== item.owner.trim())
      problems.push(`member "${item.owner}" cannot be written as a username`);
    if (item.dummy) {
      const taken = dummiesOf.get(item.owner) ?? new Set<string>();
      const name = dummyToken(item.id, taken);
      taken.add(name);
      dummiesOf.set(item.owner, taken);
      dummyNames.set(item.id, name);
    } else if (!TOKEN.test(item.id))
      problems.push(`item "${item.id}" cannot be written as an item name`);
  }
  if (problems.length > 0) throw new WantListWriteError(problems.join('; '));
  const token = (id: string) => dummyNames.get(id) ?? id;

  const jumps = items.every((item) => gapsFitSteps(item.wants.map((w) => w.rank)));
  const priorities = options.priorities ?? 'linear';
  if (!jumps && priorities !== 'linear')
    throw new WantListWriteError(
      'these ranks need EXPLICIT-PRIORITIES, which TradeMaximizer cannot combine with triangle or square priorities',
    );
  const caseSensitive = items.some(
    (item) => /[a-z]/.test(item.owner) || /[a-z]/.test(token(item.id)),
  );
  const flags = [
    'REQUIRE-USERNAMES',
    'REQUIRE-COLONS',
    ...(items.some((item) => item.dummy) ? ['ALLOW-DUMMIES'] : []),
    ...(caseSensitive ? ['CASE-SENSITIVE'] : []),
    jumps ? `${priorities.toUpperCase()}-PRIORITIES` : 'EXPLICIT-PRIORITIES',
    ...(options.extraOptions ?? []),
  ];

  const lines: string[] = (options.comments ?? []).map((c) => `# ${c}`);
  lines.push(`#! ${flags.join(' ')}`, '');
  if (options.names) {
    lines.push('!BEGIN-OFFICIAL-NAMES');
    for (const item of items) {
      if (item.dummy) continue;
      const name = (options.names.get(item.id) ?? '')
        .replace(/"/g, "'")
        .replace(/\s+/g, ' ')
        .trim();
      lines.push(`${item.id} ==> "${name}" (from ${item.owner})`);
    }
    lines.push('!END-OFFICIAL-NAMES', '');
  }
  for (const item of items) {
    const parts: string[] = [];
    let previous = 0;
    for (const want of item.wants) {
      if (jumps) {
        const semicolons = (want.rank - previous - 1) / BIG_STEP;
        for (let k = 0; k < semicolons; k++) parts.push(';');
        parts.push(token(want.item));
      } else {
        parts.push(
          want.rank === previous + 1 ? token(want.item) : `${token(want.item)}=${want.rank}`,
        );
      }
      previous = want.rank;
    }
    lines.push(`(${item.owner}) ${token(item.id)} : ${parts.join(' ')}`.trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

/** True when each rank is the previous one plus one plus a whole number of big steps. */
function gapsFitSteps(ranks: readonly number[]): boolean {
  let previous = 0;
  for (const rank of ranks) {
    const gap = rank - previous - 1;
    if (gap < 0 || gap % BIG_STEP !== 0) return false;
    previous = rank;
  }
  return true;
}

/**
 * A dummy's `%NAME` (dummy names are scoped to their owner): the parser's
 * "%NAME for user (USER)" ids give back their name; any other id is cleaned into a token.
 */
function dummyToken(id: string, taken: ReadonlySet<string>): string {
  const parsed = /^(%[^\s#():;=]+) for user \(.*\)$/.exec(id);
  const base = parsed?.[1] ?? `%${id.replace(/^%/, '').replace(/[\s#():;=%]+/g, '-') || 'DUMMY'}`;
  let candidate = base;
  for (let k = 2; taken.has(candidate); k++) candidate = `${base}-${k}`;
  return candidate;
}
