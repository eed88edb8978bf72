/**
 * Turns "item i receives item next[i]" into loops of legs with dummies merged away, in a stable
 * order: a loop starts with the leg that hands over its earliest real item (input order), and
 * loops are sorted by that item.
 */
import type { Instance } from './instance.js';
import type { Gap, Objective, SolverResult, TradeLeg, TradeLoop } from './types.js';

export type Solved = {
  next: Int32Array;
  optimal: boolean;
  bound: Objective;
  method: SolverResult['method'];
  stats: Record<string, number>;
};

/** The want of `from` that names `to` (there is exactly one once the instance is compiled). */
export function findWant(instance: Instance, from: number, to: number): number {
  for (let w = instance.wantStart[from] ?? 0; w < (instance.wantStart[from + 1] ?? 0); w++) {
    if (instance.wantTarget[w] === to) return w;
  }
  throw new Error(`item ${instance.ids[from]} does not want ${instance.ids[to]}`);
}

export function buildResult(instance: Instance, solved: Solved, startedAt: number): SolverResult {
  const { n, ids, isDummy, owner, memberNames } = instance;
  const { next } = solved;
  const previous = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const j = next[i] ?? i;
    if (j !== i) previous[j] = i;
  }
  const seen = new Uint8Array(n);
  const loops: { first: number; loop: TradeLoop; size: number }[] = [];
  const traded = new Uint8Array(n);
  const tradingMembers = new Set<number>();
  let totalRank = 0;
  let totalCost = 0;

  for (let i = 0; i < n; i++) {
    if (seen[i] === 1 || (next[i] ?? i) === i) continue;
    const members: number[] = [];
    let k = i;
    do {
      seen[k] = 1;
      members.push(k);
      k = next[k] ?? k;
    } while (k !== i);
    const real = members.filter((m) => isDummy[m] === 0);
    // A loop of dummies alone trades nothing: leave it out.
    if (real.length === 0) continue;
    const first = Math.min(...real);
    // Walk backwards from the first real item: each real item goes to the real item before it
    // (the one whose owner wants it, possibly through that owner's dummies).
    const legs: TradeLeg[] = [];
    let given = first;
    do {
      let wanter = previous[given] ?? -1;
      const via: number[] = [];
      while (isDummy[wanter] === 1) {
        via.unshift(wanter);
        wanter = previous[wanter] ?? -1;
      }
      const wantedDirectly = via[0] ?? given;
      const want = findWant(instance, wanter, wantedDirectly);
      const rank = instance.wantRank[want] ?? 0;
      totalRank += rank;
      totalCost += instance.wantCost[want] ?? 0;
      legs.push({
        giver: memberNames[owner[given] ?? 0] ?? '',
        item: ids[given] ?? '',
        receiver: memberNames[owner[wanter] ?? 0] ?? '',
        forItem: ids[wanter] ?? '',
        rank,
        via: via.map((d) => ids[d] ?? ''),
      });
      traded[given] = 1;
      tradingMembers.add(owner[given] ?? 0);
      given = wanter;
    } while (given !== first);
    loops.push({ first, loop: { legs }, size: legs.length });
  }
  loops.sort((a, b) => a.first - b.first);

  const notTraded: string[] = [];
  const members = new Set<number>();
  for (let i = 0; i < n; i++) {
    if (isDummy[i] === 1) continue;
    members.add(owner[i] ?? 0);
    if (traded[i] === 0) notTraded.push(ids[i] ?? '');
  }
  const itemsTraded = instance.realItems - notTraded.length;
  return {
    loops: loops.map((l) => l.loop),
    totals: {
      itemsTraded,
      membersTrading: tradingMembers.size,
      totalCost,
      totalRank,
      loopSizes: loops.map((l) => l.size),
      realItems: instance.realItems,
      members: members.size,
    },
    optimal: solved.optimal,
    bound: solved.bound,
    gap: gapOf({ itemsTraded, membersTrading: tradingMembers.size, totalCost }, solved.bound),
    elapsedMs: Math.round(performance.now() - startedAt),
    notTraded,
    method: solved.method,
    stats: solved.stats,
  };
}

/**
 * The answer's distance from the bound on the first objective where it falls short (the bound
 * is lexicographic: once an earlier objective may improve, the later ones are moot).
 */
export function gapOf(answer: Objective, bound: Objective): Gap | null {
  const percent = (part: number, whole: number) =>
    whole > 0 ? Math.round((10_000 * part) / whole) / 100 : 0;
  if (bound.itemsTraded > answer.itemsTraded) {
    const absolute = bound.itemsTraded - answer.itemsTraded;
    return { objective: 'itemsTraded', absolute, percent: percent(absolute, bound.itemsTraded) };
  }
  if (bound.membersTrading > answer.membersTrading) {
    const absolute = bound.membersTrading - answer.membersTrading;
    return {
      objective: 'membersTrading',
      absolute,
      percent: percent(absolute, bound.membersTrading),
    };
  }
  if (bound.totalCost < answer.totalCost) {
    const absolute = answer.totalCost - bound.totalCost;
    return { objective: 'totalCost', absolute, percent: percent(absolute, answer.totalCost) };
  }
  return null;
}
