/**
 * The solver input compiled to flat typed arrays (items by index, wants in CSR form), checked
 * once so the algorithms can trust it. A million wants must not become a million objects.
 */
import type { Priorities, SolverInput } from './types.js';

export class SolverInputError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid solver input: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}`,
    );
    this.name = 'SolverInputError';
  }
}

export type Instance = {
  n: number;
  ids: string[];
  memberNames: string[];
  /** Member index of each item. */
  owner: Int32Array;
  isDummy: Uint8Array;
  /** Want list of item i: targets/ranks/costs [wantStart[i], wantStart[i+1]), in list order. */
  wantStart: Int32Array;
  wantTarget: Int32Array;
  wantRank: Int32Array;
  /** Objective-3 cost of each want: 0 for a dummy's wants (TradeMaximizer ignores them). */
  wantCost: Float64Array;
  realItems: number;
};

export function priorityCost(rank: number, priorities: Priorities): number {
  if (priorities === 'triangle') return (rank * (rank + 1)) / 2;
  if (priorities === 'square') return rank * rank;
  return rank;
}

export function compileInstance(input: SolverInput, priorities: Priorities = 'linear'): Instance {
  const problems: string[] = [];
  const n = input.items.length;
  const index = new Map<string, number>();
  const memberIndex = new Map<string, number>();
  const memberNames: string[] = [];
  const owner = new Int32Array(n);
  const isDummy = new Uint8Array(n);
  const ids: string[] = [];
  let wantCount = 0;
  input.items.forEach((item, i) => {
    if (index.has(item.id)) problems.push(`item ${item.id} is listed twice`);
    index.set(item.id, i);
    ids.push(item.id);
    let member = memberIndex.get(item.owner);
    if (member === undefined) {
      member = memberNames.length;
      memberIndex.set(item.owner, member);
      memberNames.push(item.owner);
    }
    owner[i] = member;
    isDummy[i] = item.dummy ? 1 : 0;
    wantCount += item.wants.length;
  });

  const wantStart = new Int32Array(n + 1);
  const wantTarget = new Int32Array(wantCount);
  const wantRank = new Int32Array(wantCount);
  const wantCost = new Float64Array(wantCount);
  const lastSeen = new Int32Array(n).fill(-1);
  let e = 0;
  input.items.forEach((item, i) => {
    wantStart[i] = e;
    const dummy = isDummy[i] === 1;
    for (const want of item.wants) {
      const j = index.get(want.item);
      if (j === undefined) {
        problems.push(`item ${item.id} wants unknown item ${want.item}`);
        continue;
      }
      if (!Number.isInteger(want.rank) || want.rank < 1) {
        problems.push(
          `item ${item.id} ranks ${want.item} with ${want.rank}, not a positive integer`,
        );
        continue;
      }
      if (j === i) {
        problems.push(`item ${item.id} wants itself`);
        continue;
      }
      if (lastSeen[j] === i) {
        problems.push(`item ${item.id} wants ${want.item} twice`);
        continue;
      }
      const sameOwner = owner[j] === owner[i];
      if (isDummy[j] === 1 && !sameOwner) {
        problems.push(`item ${item.id} wants ${want.item}, a dummy item of another member`);
        continue;
      }
      if (isDummy[j] === 0 && sameOwner) {
        problems.push(`item ${item.id} wants ${want.item}, which has the same owner`);
        continue;
      }
      lastSeen[j] = i;
      wantTarget[e] = j;
      wantRank[e] = want.rank;
      wantCost[e] = dummy ? 0 : priorityCost(want.rank, priorities);
      e++;
    }
  });
  wantStart[n] = e;
  if (problems.length > 0) throw new SolverInputError(problems);

  let realItems = 0;
  for (let i = 0; i < n; i++) if (isDummy[i] === 0) realItems++;
  return {
    n,
    ids,
    memberNames,
    owner,
    isDummy,
    wantStart,
    wantTarget,
    wantRank,
    wantCost,
    realItems,
  };
}
