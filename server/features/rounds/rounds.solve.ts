/**
 * A round's data as the solver and TradeMaximizer see it. A round is solved from its own
 * want-list file: entries become items named by their entry id, members become usernames, and
 * "any of these" groups become dummy items (`%ANY-n`) of the member who wrote them. The file is
 * written, read back with the same parser the `math-trade` command uses, solved, and kept with
 * the report: an organiser can run the exported file through TradeMaximizer (or
 * `npm run math-trade`) and compare. Pure: no database.
 */
import type { RoundResult, WantElement } from '../../../shared/rounds.js';
import { solveTrade } from './solver/solve.js';
import type { RankedWant, SolverItem, SolverResult } from './solver/types.js';
import { parseWantList, solverOptionsOf } from './want-list/parse-want-list.js';
import { writeReport } from './want-list/write-report.js';
import { writeWantList } from './want-list/write-want-list.js';

export type SolveEntry = {
  id: number;
  userId: string;
  title: string;
  wants: readonly WantElement[];
  /** Still tradable: active, not deleted, held by this round, its owner not suspended. */
  eligible: boolean;
};

export type SolvedLeg = {
  loop: number;
  position: number;
  entryId: number;
  giverId: string;
  receiverId: string;
  forEntryId: number;
  rank: number;
};

/** The solver's budget when the caller gives none (the app passes config.roundSolveMs). */
export const DEFAULT_SOLVE_MS = 20_000;

/** A username TradeMaximizer accepts, unique in the round, in order of each member's first entry. */
export function usernames(
  entries: ReadonlyArray<{ userId: string }>,
  nicknames: ReadonlyMap<string, string | null>,
): Map<string, string> {
  const byUser = new Map<string, string>();
  const taken = new Set<string>();
  for (const { userId } of entries) {
    if (byUser.has(userId)) continue;
    const base =
      (nicknames.get(userId) ?? '')
        .replace(/[^\p{L}\p{N}_.-]+/gu, '-')
        .replace(/^[-.]+|-+$/g, '') || `member-${userId.slice(0, 8)}`;
    let name = base;
    for (let k = 2; taken.has(name.toUpperCase()); k++) name = `${base}-${k}`;
    taken.add(name.toUpperCase());
    byUser.set(userId, name);
  }
  return byUser;
}

/** The round's want-list file (TradeMaximizer format) for its eligible entries. */
export function roundWantList(
  round: { id: number; title: string; seed: number },
  entries: readonly SolveEntry[],
  names: ReadonlyMap<string, string>,
): string {
  const eligible = new Map(entries.filter((e) => e.eligible).map((e) => [e.id, e]));
  const items: SolverItem[] = [];
  const dummies = new Map<string, SolverItem>();
  for (const entry of eligible.values()) {
    const owner = names.get(entry.userId) ?? entry.userId;
    const usable = (id: number) => {
      const target = eligible.get(id);
      return target !== undefined && target.userId !== entry.userId;
    };
    const wants: RankedWant[] = [];
    const seen = new Set<string>();
    const add = (item: string) => {
      if (seen.has(item)) return;
      seen.add(item);
      wants.push({ item, rank: wants.length + 1 });
    };
    for (const element of entry.wants) {
      const ids = (Array.isArray(element) ? element : [element]).filter(usable);
      if (ids.length === 0) continue;
      if (ids.length === 1) {
        add(String(ids[0]));
        continue;
      }
      const key = `${entry.userId}|${ids.join(',')}`;
      let dummy = dummies.get(key);
      if (!dummy) {
        dummy = {
          id: `%ANY-${dummies.size + 1}`,
          owner,
          dummy: true,
          wants: ids.map((id, k) => ({ item: String(id), rank: k + 1 })),
        };
        dummies.set(key, dummy);
      }
      add(dummy.id);
    }
    items.push({ id: String(entry.id), owner, wants });
  }
  const titles = new Map([...eligible.values()].map((e) => [String(e.id), e.title]));
  return writeWantList(
    { items: [...items, ...dummies.values()] },
    {
      names: titles,
      comments: [
        `SwapMarket round ${round.id}: ${round.title.replace(/\s+/g, ' ')}`,
        `Items are entry ids; %ANY-n are "any of these" groups. Solver seed ${round.seed}.`,
      ],
    },
  );
}

export type RoundSolution = {
  legs: SolvedLeg[];
  result: RoundResult;
  report: string;
  raw: SolverResult;
};

export type SolveOptions = {
  seed: number;
  maxLoopLength: number | null;
  /** Wall-clock budget of the solver, every phase included (default DEFAULT_SOLVE_MS). */
  timeLimitMs?: number;
  /** Paths the capped solver's loop enumeration may walk (default: the solver's). */
  maxPaths?: number;
};

/**
 * Solves a round's want-list file; usernames map back to members through `names`. Pure and
 * CPU-bound: the app runs it in a worker thread (solve-worker.ts), never on the event loop.
 */
export async function solveRoundWantList(
  text: string,
  names: ReadonlyMap<string, string>,
  options: SolveOptions,
): Promise<RoundSolution> {
  const parsed = parseWantList(text);
  if (parsed.errors.length > 0)
    throw new Error(`round want list does not read back: ${parsed.errors[0]?.message}`);
  const maxCycle = options.maxLoopLength ?? undefined;
  const raw = await solveTrade(parsed.input, {
    ...solverOptionsOf(parsed.options),
    seed: options.seed,
    timeLimitMs: options.timeLimitMs ?? DEFAULT_SOLVE_MS,
    ...(options.maxPaths !== undefined ? { maxPaths: options.maxPaths } : {}),
    ...(maxCycle !== undefined ? { maxCycle } : {}),
  });
  const userOf = new Map([...names].map(([userId, name]) => [name.toUpperCase(), userId]));
  const member = (name: string) => {
    const id = userOf.get(name.toUpperCase());
    if (!id) throw new Error(`unknown username ${name} in a solution`);
    return id;
  };
  const legs = raw.loops.flatMap((loop, l) =>
    loop.legs.map((leg, position) => ({
      loop: l + 1,
      position,
      entryId: Number(leg.item),
      giverId: member(leg.giver),
      receiverId: member(leg.receiver),
      forEntryId: Number(leg.forItem),
      rank: leg.rank,
    })),
  );
  return {
    legs,
    raw,
    report: writeReport(parsed, raw, maxCycle !== undefined ? { maxCycle } : {}),
    result: {
      itemsTraded: raw.totals.itemsTraded,
      items: raw.totals.realItems,
      membersTrading: raw.totals.membersTrading,
      members: raw.totals.members,
      loops: raw.loops.length,
      totalRank: raw.totals.totalRank,
      optimal: raw.optimal,
      itemsBound: raw.bound.itemsTraded,
      elapsedMs: Math.round(raw.elapsedMs),
      method: raw.method,
    },
  };
}

/**
 * Reads an organiser's want-list file into want lists for the round's entries: items are entry
 * ids, each line's username must be its entry's owner, dummies become "any of these" groups.
 * What cannot be used is skipped with a warning, as TradeMaximizer does.
 */
export function readImportedWants(
  text: string,
  entries: ReadonlyArray<{ id: number; userId: string }>,
  names: ReadonlyMap<string, string>,
): { wants: Map<number, WantElement[]>; warnings: string[] } {
  const parsed = parseWantList(text);
  const warnings = [
    ...parsed.errors.map((e) => (e.line > 0 ? `Line ${e.line}: ${e.message}` : e.message)),
    ...parsed.warnings.map((w) => w.replace(/^\*+\s*/, '')),
  ];
  const byId = new Map(entries.map((e) => [e.id, e]));
  const entryOf = (token: string) =>
    /^\d{1,10}$/.test(token) ? byId.get(Number(token)) : undefined;
  const itemsById = new Map(parsed.input.items.map((item) => [item.id, item]));
  const wants = new Map<number, WantElement[]>();
  for (const item of parsed.input.items) {
    if (item.dummy) continue;
    const entry = entryOf(item.id);
    if (!entry) {
      warnings.push(`Item ${item.id} is not an entry of this round (skipped)`);
      continue;
    }
    const user = parsed.users.get(item.id);
    const owner = names.get(entry.userId) ?? '';
    if (user !== null && user !== undefined && user.toUpperCase() !== owner.toUpperCase()) {
      warnings.push(`Item ${item.id} belongs to ${owner}, not ${user} (skipped)`);
      continue;
    }
    const usable = (token: string) => {
      const target = entryOf(token);
      if (target && target.userId !== entry.userId) return target.id;
      warnings.push(`Item ${item.id}: ${token} is not another member's entry (skipped)`);
      return undefined;
    };
    const list: WantElement[] = [];
    for (const want of [...item.wants].sort((a, b) => a.rank - b.rank)) {
      const dummy = itemsById.get(want.item);
      if (dummy?.dummy) {
        const group = [...dummy.wants]
          .sort((a, b) => a.rank - b.rank)
          .map((w) => usable(w.item))
          .filter((id): id is number => id !== undefined);
        if (group.length > 0) list.push(group);
        continue;
      }
      const id = usable(want.item);
      if (id !== undefined) list.push(id);
    }
    wants.set(entry.id, list);
  }
  return { wants, warnings };
}
