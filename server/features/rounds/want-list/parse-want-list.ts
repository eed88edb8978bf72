/**
 * Reads TradeMaximizer's want-list format (see docs/solver.md) into the solver's input.
 *
 * Lines are checked the way TradeMaximizer checks them, with one difference: where it stops
 * with a FATAL ERROR, this parser reports the line number and reason, skips the line and goes
 * on, so that one typo does not hide every other problem. Entries that TradeMaximizer itself
 * skips (repeated items, unknown items, a second want list for an item, ...) are reported with
 * its own "****" messages.
 */
import type { RankedWant, SolverInput, SolverItem, SolverOptions } from '../solver/types.js';
import { applyOption, defaultOptions, type WantListOptions } from './want-list-options.js';

export type LineError = { line: number; message: string };

export type OfficialName = {
  /** The text after the item name, as written. */
  description: string;
  /** The quoted name of an online-want-list `ITEM ==> "name" (from user)` line. */
  name?: string;
  owner?: string;
};

export type ParsedWantList = {
  input: SolverInput;
  options: WantListOptions;
  officialNames: Map<string, OfficialName> | null;
  /** The username each item was listed under, or null when its line had none. */
  users: Map<string, string | null>;
  /** Malformed lines, each skipped. */
  errors: LineError[];
  /** Entries skipped the way TradeMaximizer skips them, in its words. */
  warnings: string[];
  /** Official names that no want list defines. */
  missing: string[];
};

type WantLine = { line: number; user: string | null; tokens: string[] };

class LineProblem extends Error {}

/** TradeMaximizer's name for a dummy item, scoped to its owner. */
export const dummyId = (name: string, user: string) => `${name} for user (${user})`;

/** Each item without a username is its own member. */
export const anonymousOwner = (item: string) => `item ${item}`;

export function parseWantList(text: string): ParsedWantList {
  const options = defaultOptions();
  const errors: LineError[] = [];
  const warnings: string[] = [];
  let officialNames: Map<string, OfficialName> | null = null;
  let readingOfficialNames = false;
  const lists: WantLine[] = [];

  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const lineNumber = index + 1;
    const line = raw.trim();
    if (line.length === 0) return;
    try {
      if (line.startsWith('#!')) {
        if (lists.length > 0)
          throw new LineProblem('Options (#!...) cannot be declared after first real want list');
        if (officialNames)
          throw new LineProblem('Options (#!...) cannot be declared after official names');
        for (const word of line.slice(2).toUpperCase().trim().split(/\s+/)) {
          if (word.length === 0) continue;
          const outcome = applyOption(options, word);
          if (outcome.warning) warnings.push(`**** ${outcome.warning} (line ${lineNumber})`);
          if (outcome.error) errors.push({ line: lineNumber, message: outcome.error });
        }
        return;
      }
      if (line.startsWith('#')) return;
      const upper = line.toUpperCase();
      if (upper === '!BEGIN-OFFICIAL-NAMES') {
        if (officialNames) throw new LineProblem('Cannot begin official names more than once');
        if (lists.length > 0)
          throw new LineProblem('Official names cannot be declared after first real want list');
        officialNames = new Map();
        readingOfficialNames = true;
        return;
      }
      if (upper === '!END-OFFICIAL-NAMES') {
        if (!readingOfficialNames)
          throw new LineProblem('!END-OFFICIAL-NAMES without matching !BEGIN-OFFICIAL-NAMES');
        readingOfficialNames = false;
        return;
      }
      if (readingOfficialNames && officialNames) {
        readOfficialName(line, options, officialNames);
        return;
      }
      if (line.includes('#'))
        throw new LineProblem('Comments (#...) cannot be used after beginning of line');
      lists.push({ line: lineNumber, ...readWantLine(line, options) });
    } catch (error) {
      if (!(error instanceof LineProblem)) throw error;
      errors.push({ line: lineNumber, message: error.message });
    }
  });
  if (readingOfficialNames)
    errors.push({ line: 0, message: '!BEGIN-OFFICIAL-NAMES without !END-OFFICIAL-NAMES' });

  const built = buildItems(lists, options, officialNames, warnings);
  return { ...built, options, officialNames, errors, warnings };
}

function readOfficialName(
  line: string,
  options: WantListOptions,
  names: Map<string, OfficialName>,
): void {
  if (line.startsWith(':')) throw new LineProblem('Line cannot begin with colon');
  if (line.startsWith('%')) throw new LineProblem('Cannot give official names for dummy items');
  const written = line.split(/[:\s]/)[0] ?? '';
  if (written.includes('#')) throw new LineProblem('# symbol cannot be used in an item name');
  const name = options.caseSensitive ? written : written.toUpperCase();
  if (names.has(name)) throw new LineProblem(`Official name ${name} already defined`);
  const description = line.slice(written.length).replace(/^[\s:]+/, '');
  const online = /^==>\s*"(.*)"\s*(?:\(from\s+([^)]*)\))?\s*$/.exec(description);
  names.set(name, {
    description,
    ...(online ? { name: online[1] ?? '' } : {}),
    ...(online?.[2] ? { owner: online[2].trim() } : {}),
  });
}

function readWantLine(
  original: string,
  options: WantListOptions,
): { user: string | null; tokens: string[] } {
  let line = original;
  if (!line.includes('(') && options.requireUsernames)
    throw new LineProblem('Missing username with REQUIRE-USERNAMES selected');
  let user: string | null = null;
  if (line.startsWith('(')) {
    if (line.lastIndexOf('(') > 0) throw new LineProblem("Cannot have more than one '(' per line");
    const close = line.indexOf(')');
    if (close === -1) throw new LineProblem("Missing ')' in username");
    if (close === line.length - 1)
      throw new LineProblem('Username cannot appear on a line by itself');
    if (line.lastIndexOf(')') > close)
      throw new LineProblem("Cannot have more than one ')' per line");
    user = line.slice(1, close).trim().replace(/\s+/g, ' ');
    if (user.length === 0) throw new LineProblem('Cannot have empty parentheses');
    line = line.slice(close + 1);
  } else if (line.indexOf('(') > 0) {
    throw new LineProblem('Username can only be used at the front of a want list');
  } else if (line.includes(')')) {
    throw new LineProblem("Bad ')' on a line that does not have a '('");
  }

  line = line.replaceAll(';', ' ; ');
  const semicolon = line.indexOf(';');
  const colon = line.indexOf(':');
  if (semicolon !== -1) {
    if (colon !== -1 && semicolon < colon)
      throw new LineProblem('Semicolon cannot appear before colon');
    if (line.slice(0, semicolon).trim().length === 0)
      throw new LineProblem('Semicolon cannot appear before first item on line');
  }
  if (colon !== -1) {
    if (line.lastIndexOf(':') !== colon)
      throw new LineProblem('Cannot have more than one colon on a line');
    if (!/^\S+$/.test(line.slice(0, colon).trim()))
      throw new LineProblem('Must have exactly one item before a colon (:)');
    line = `${line.slice(0, colon)} ${line.slice(colon + 1)}`;
  } else if (options.requireColons) {
    throw new LineProblem('Missing colon with REQUIRE-COLONS selected');
  }
  const tokens = line.trim().split(/\s+/);
  if (!options.caseSensitive) {
    return { user: user?.toUpperCase() ?? null, tokens: tokens.map((t) => t.toUpperCase()) };
  }
  return { user, tokens };
}

/** TradeMaximizer's two passes: items first (so wants may point forwards), then wants. */
function buildItems(
  lists: WantLine[],
  options: WantListOptions,
  officialNames: Map<string, OfficialName> | null,
  warnings: string[],
): Pick<ParsedWantList, 'input' | 'users' | 'missing'> {
  const items: SolverItem[] = [];
  const wants: RankedWant[][] = [];
  const byId = new Map<string, number>();
  const users = new Map<string, string | null>();
  const accepted: { list: WantLine; index: number }[] = [];

  for (const list of lists) {
    const name = list.tokens[0] ?? '';
    const dummy = name.startsWith('%');
    let id = name;
    if (dummy) {
      if (list.user === null) {
        warnings.push(`**** Dummy item ${name} declared without a username.`);
        continue;
      }
      if (!options.allowDummies) {
        warnings.push(`**** Dummy items not allowed. (${name})`);
        continue;
      }
      id = dummyId(name, list.user);
    }
    const official = officialNames?.get(name);
    if (officialNames && !dummy && !official) {
      warnings.push(
        `**** Cannot define want list for ${name} because it is not an official name.  (Usually indicates a typo by the item owner.)`,
      );
      continue;
    }
    if (byId.has(id)) {
      warnings.push(
        `**** Item ${name} has multiple want lists--ignoring all but first.  (Sometimes the result of an accidental line break in the middle of a want list.)`,
      );
      continue;
    }
    if (
      official?.owner &&
      list.user !== null &&
      official.owner.toUpperCase() !== list.user.toUpperCase()
    ) {
      warnings.push(
        `**** Item ${name} is listed by (${list.user}) but its official name is from (${official.owner})--ignoring its want list.`,
      );
      continue;
    }
    byId.set(id, items.length);
    users.set(id, list.user);
    accepted.push({ list, index: items.length });
    items.push({ id, owner: list.user ?? anonymousOwner(id), dummy, wants: [] });
    wants.push([]);
  }

  const unknown = new Map<string, number>();
  for (const { list, index } of accepted) {
    const from = items[index];
    const mine = wants[index];
    if (!from || !mine) continue;
    const fromName = list.tokens[0] ?? '';
    const listed = new Set<string>();
    let rank = 1;
    for (const token of list.tokens.slice(1)) {
      if (token === ';') {
        rank += options.bigStep;
        continue;
      }
      let target = token;
      if (token.includes('=')) {
        if (options.priorities !== 'explicit') {
          warnings.push(
            `**** Cannot use '=' annotation in item ${token} in want list for item ${fromName} unless using EXPLICIT_PRIORITIES.`,
          );
          continue;
        }
        if (!/^[^=]+=[0-9]+$/.test(token)) {
          warnings.push(
            `**** Item ${token} in want list for item ${fromName} must have the format 'name=number'.`,
          );
          continue;
        }
        const [written, explicit] = token.split('=');
        if (Number(explicit) < 1) {
          warnings.push(
            `**** Explicit priority must be positive in item ${token} in want list for item ${fromName}.`,
          );
          continue;
        }
        rank = Number(explicit);
        target = written ?? '';
      }
      if (target.startsWith('%')) {
        if (list.user === null) {
          warnings.push(
            `**** Dummy item ${target} used in want list for item ${fromName}, which does not have a username.`,
          );
          continue;
        }
        target = dummyId(target, list.user);
      }
      const to = byId.get(target);
      const toItem = to === undefined ? undefined : items[to];
      if (to === undefined || !toItem) {
        if (officialNames?.has(target)) rank += options.smallStep;
        else unknown.set(target, (unknown.get(target) ?? 0) + 1);
        continue;
      }
      if (to === index) {
        warnings.push(`**** Item ${target} appears in its own want list.`);
      } else if (listed.has(target)) {
        if (!options.hideRepeats)
          warnings.push(`**** Item ${target} is repeated in want list for ${fromName}.`);
      } else if (!toItem.dummy && list.user !== null && users.get(target) === list.user) {
        warnings.push(
          `**** Item ${fromName} contains item ${target} from the same user (${list.user})`,
        );
      } else {
        listed.add(target);
        mine.push({ item: target, rank });
        rank += options.smallStep;
      }
    }
  }
  for (const [item, count] of unknown)
    warnings.push(`**** Unknown item ${item} (${count} occurrence${count === 1 ? '' : 's'})`);

  const missing = officialNames
    ? [...officialNames.keys()].filter((name) => !byId.has(name)).sort()
    : [];
  return {
    input: { items: items.map((item, k) => ({ ...item, wants: wants[k] ?? [] })) },
    users,
    missing,
  };
}

/** The solver options a want list asks for. */
export function solverOptionsOf(options: WantListOptions): SolverOptions {
  return {
    priorities:
      options.priorities === 'triangle' || options.priorities === 'square'
        ? options.priorities
        : 'linear',
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  };
}
