/**
 * The exact solver without a loop-length cap, in three lexicographic steps.
 *
 * 1. Most items: a perfect matching where a real item matched to its own column costs 1 and
 *    everything else 0 (dummies do not count). Its exact duals mark the "tight" edges; the
 *    perfect matchings of the tight subgraph are exactly the answers that trade the most items
 *    (complementary slackness), so later steps work inside it and cannot lose an item.
 * 2 and 3. Most members, then lowest cost: cost alone is linear (a matching with want costs on
 *    the tight subgraph), members trading is not, so a branch-and-bound over members sits on top:
 *    each node forces an item to trade or keeps items out, re-optimises cost with a few
 *    augmenting paths from the root's duals, and bounds members by those owning an item that
 *    trades in some matching of the node (see tradable.ts). A node whose cheapest answer
 *    already reaches that bound is solved; the root usually is.
 */
import { type Matching, solveAssignment } from './assignment.js';
import { augmentRow, augmentScratch } from './augment.js';
import { cpuBudget } from './cpu-clock.js';
import { flexibleEdges, solveFaceStage } from './face-ilp.js';
import type { Instance } from './instance.js';
import { edgeRows, tradableItems } from './tradable.js';
import { edgesByColumn, restrictGraph, type TradeGraph } from './trade-graph.js';
import type { Objective } from './types.js';

export type CoverSolution = {
  /** Item whose want was used for each item (the item it receives), itself when it does not trade. */
  next: Int32Array;
  value: Objective;
  bound: Objective;
  optimal: boolean;
  stats: Record<string, number>;
};

export type SearchLimits = {
  deadline: number;
  /** Seeds the capped solver's randomised local search. */
  seed: number;
  /** Position of each item in the tie-breaking order (the seed's permutation). */
  order: Int32Array;
  rowOrder: Int32Array;
  memberSearchMs: number;
  /** The capped solver's loop enumeration stops after this many paths (short-cycles.ts). */
  maxPaths: number;
};

type Decision = { item: number; force: boolean };
type Node = { decisions: Decision[]; bound: { members: number; cost: number } };

const better = (a: { members: number; cost: number }, b: { members: number; cost: number }) =>
  a.members > b.members || (a.members === b.members && a.cost < b.cost);

export async function solveUncapped(
  instance: Instance,
  graph: TradeGraph,
  limits: SearchLimits,
): Promise<CoverSolution> {
  const { n, isDummy, wantCost } = instance;
  const stats: Record<string, number> = {};
  let clock = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    stats[name] = Math.round(now - clock);
    clock = now;
  };

  stats.edges = graph.start[n] ?? 0;
  const itemCost = new Float64Array(graph.start[n] ?? 0);
  for (let i = 0; i < n; i++) {
    for (let e = graph.start[i] ?? 0; e < (graph.start[i + 1] ?? 0); e++) {
      itemCost[e] = graph.want[e] === -1 && isDummy[i] === 0 ? 1 : 0;
    }
  }
  const itemMatching = solveAssignment(graph, itemCost, limits.rowOrder);
  const tight = new Uint8Array(graph.start[n] ?? 0);
  for (let i = 0; i < n; i++) {
    for (let e = graph.start[i] ?? 0; e < (graph.start[i + 1] ?? 0); e++) {
      const reduced =
        (itemCost[e] ?? 0) - (itemMatching.u[i] ?? 0) - (itemMatching.v[graph.column[e] ?? 0] ?? 0);
      tight[e] = reduced === 0 ? 1 : 0;
    }
  }
  const face = restrictGraph(graph, tight);
  stats.tightEdges = face.start[n] ?? 0;
  lap('itemsMs');

  const cost = new Float64Array(face.start[n] ?? 0);
  for (let e = 0; e < cost.length; e++) {
    const w = face.want[e] ?? -1;
    cost[e] = w < 0 ? 0 : (wantCost[w] ?? 0);
  }
  const root = solveAssignment(face, cost, limits.rowOrder);
  lap('costMs');

  const rowOfEdge = edgeRows(face);
  const search = searchMembers(
    instance,
    face,
    cost,
    root,
    rowOfEdge,
    limits.deadline,
    cpuBudget(limits.memberSearchMs),
    limits.order,
    stats,
  );
  lap('memberSearchMs');
  const items = countItems(instance, search.best);
  const answer = (next: Int32Array, value: Score, bound: Score): CoverSolution => ({
    next,
    value: { itemsTraded: items, membersTrading: value.members, totalCost: value.cost },
    bound: { itemsTraded: items, membersTrading: bound.members, totalCost: bound.cost },
    optimal: !better(bound, value),
    stats,
  });
  if (search.finished) return answer(search.best, search.incumbent, search.bound);

  // The search could not close the gap quickly: integer programs over the face finish the job.
  const edges = flexibleEdges(face, root, rowOfEdge);
  stats.flexibleEdges = edges.length;
  let best = search.best;
  let incumbent = search.incumbent;
  const score = (columnOf: Int32Array): Score => ({
    members: countMembersTrading(instance, columnOf),
    cost: totalCost(face, cost, columnOf),
  });
  const members = await solveFaceStage(
    instance,
    face,
    cost,
    edges,
    rowOfEdge,
    'members',
    0,
    best,
    limits.deadline,
  );
  lap('membersIlpMs');
  if (members.columnOf && better(score(members.columnOf), incumbent)) {
    best = members.columnOf;
    incumbent = score(best);
  }
  // The cheapest most-items answer, members aside, bounds the cost of every answer.
  const rootCost = totalCost(face, cost, root.columnOf);
  if (!members.optimal) {
    const proven = Number.isNaN(members.bound)
      ? search.bound.members
      : Math.min(search.bound.members, Math.floor(members.bound + 1e-7));
    return answer(best, incumbent, {
      members: Math.max(incumbent.members, proven),
      cost: rootCost,
    });
  }
  const cheapest = await solveFaceStage(
    instance,
    face,
    cost,
    edges,
    rowOfEdge,
    'cost',
    incumbent.members,
    best,
    limits.deadline,
  );
  lap('costIlpMs');
  if (cheapest.columnOf && better(score(cheapest.columnOf), incumbent)) {
    best = cheapest.columnOf;
    incumbent = score(best);
  }
  const costBound = cheapest.optimal
    ? incumbent.cost
    : Number.isNaN(cheapest.bound)
      ? rootCost
      : Math.max(rootCost, Math.ceil(cheapest.bound - 1e-7));
  return answer(best, incumbent, {
    members: incumbent.members,
    cost: Math.min(incumbent.cost, costBound),
  });
}

function countMembersTrading(instance: Instance, columnOf: Int32Array): number {
  const members = new Set<number>();
  for (let i = 0; i < instance.n; i++)
    if (instance.isDummy[i] === 0 && columnOf[i] !== i) members.add(instance.owner[i] ?? 0);
  return members.size;
}

function totalCost(face: TradeGraph, cost: Float64Array, columnOf: Int32Array): number {
  let total = 0;
  for (let i = 0; i < face.n; i++) {
    for (let e = face.start[i] ?? 0; e < (face.start[i + 1] ?? 0); e++)
      if (face.column[e] === columnOf[i]) total += cost[e] ?? 0;
  }
  return total;
}

type Score = { members: number; cost: number };
type SearchOutcome = { best: Int32Array; incumbent: Score; bound: Score; finished: boolean };

function searchMembers(
  instance: Instance,
  face: TradeGraph,
  cost: Float64Array,
  root: Matching,
  rowOfEdge: Int32Array,
  deadline: number,
  budget: { spent(): boolean },
  order: Int32Array,
  stats: Record<string, number>,
): SearchOutcome {
  const { n, isDummy, owner, memberNames } = instance;
  const edges = face.start[n] ?? 0;
  const { columnStart, columnEdges } = edgesByColumn(face);
  const selfEdge = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    for (let e = face.start[i] ?? 0; e < (face.start[i + 1] ?? 0); e++)
      if ((face.want[e] ?? 0) < 0) selfEdge[i] = e;
  }
  const memberCount = memberNames.length;
  const enabled = new Uint8Array(edges);
  const scratch = augmentScratch(n);
  const memberMark = new Int32Array(memberCount).fill(-1);
  const tradableCount = new Int32Array(memberCount);
  let stamp = 0;

  const working: Matching = {
    columnOf: new Int32Array(n),
    rowOf: new Int32Array(n),
    edgeOf: new Int32Array(n),
    u: new Float64Array(n),
    v: new Float64Array(n),
  };

  const countMembers = (isIn: (i: number) => boolean) => {
    stamp++;
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (isDummy[i] === 1 || !isIn(i)) continue;
      const m = owner[i] ?? 0;
      if (memberMark[m] !== stamp) {
        memberMark[m] = stamp;
        count++;
      }
    }
    return count;
  };

  /** Solves the node in `working`; null when no matching respects its decisions. */
  const evaluate = (decisions: Decision[]) => {
    enabled.fill(1);
    for (const { item, force } of decisions) {
      if (force) {
        const self = selfEdge[item] ?? -1;
        if (self >= 0) enabled[self] = 0;
        continue;
      }
      for (let e = face.start[item] ?? 0; e < (face.start[item + 1] ?? 0); e++)
        if (e !== selfEdge[item]) enabled[e] = 0;
      for (let k = columnStart[item] ?? 0; k < (columnStart[item + 1] ?? 0); k++) {
        const e = columnEdges[k] ?? 0;
        if (e !== selfEdge[item]) enabled[e] = 0;
      }
    }
    working.columnOf.set(root.columnOf);
    working.rowOf.set(root.rowOf);
    working.edgeOf.set(root.edgeOf);
    working.u.set(root.u);
    working.v.set(root.v);
    const broken: number[] = [];
    for (let i = 0; i < n; i++) {
      if (enabled[working.edgeOf[i] ?? 0] === 1) continue;
      working.rowOf[working.columnOf[i] ?? 0] = -1;
      working.columnOf[i] = -1;
      broken.push(i);
    }
    for (const row of broken) {
      if (!augmentRow(face, cost, enabled, working, row, scratch)) return null;
    }
    let total = 0;
    for (let i = 0; i < n; i++) total += cost[working.edgeOf[i] ?? 0] ?? 0;
    const members = countMembers((i) => working.columnOf[i] !== i);
    const tradable = tradableItems(face, enabled, working, rowOfEdge);
    const bound = countMembers((i) => tradable[i] === 1);
    return { members, cost: total, bound, tradable };
  };

  const rootValue = evaluate([]);
  if (!rootValue) throw new Error('the most-items face has no perfect matching');
  let incumbent = { members: rootValue.members, cost: rootValue.cost };
  const best = Int32Array.from(working.columnOf);
  stats.rootMembers = rootValue.members;
  stats.rootMemberBound = rootValue.bound;

  // The first item (in tie order) of each member, to break ties between members reproducibly.
  const firstItem = new Int32Array(memberCount).fill(-1);
  for (let i = 0; i < n; i++) {
    const m = owner[i] ?? 0;
    if (firstItem[m] === -1 || (order[i] ?? 0) < (order[firstItem[m] ?? 0] ?? 0)) firstItem[m] = i;
  }

  const stack: Node[] = [];
  let nodes = 1;
  let stoppedAt: Node[] = [];
  const branch = (decisions: Decision[], value: NonNullable<ReturnType<typeof evaluate>>) => {
    // The member with the fewest ways to trade: the smallest branching factor.
    stamp++;
    tradableCount.fill(0);
    for (let i = 0; i < n; i++) {
      if (isDummy[i] === 1 || working.columnOf[i] === i) continue;
      memberMark[owner[i] ?? 0] = stamp;
    }
    for (let i = 0; i < n; i++) {
      if (isDummy[i] === 1 || value.tradable[i] !== 1) continue;
      const m = owner[i] ?? 0;
      if (memberMark[m] !== stamp) tradableCount[m] = (tradableCount[m] ?? 0) + 1;
    }
    let chosen = -1;
    for (let m = 0; m < memberCount; m++) {
      const count = tradableCount[m] ?? 0;
      if (count === 0) continue;
      const chosenCount = tradableCount[chosen] ?? 0;
      if (
        chosen < 0 ||
        count < chosenCount ||
        (count === chosenCount &&
          (order[firstItem[m] ?? 0] ?? 0) < (order[firstItem[chosen] ?? 0] ?? 0))
      )
        chosen = m;
    }
    const ways: number[] = [];
    for (let i = 0; i < n; i++)
      if (owner[i] === chosen && isDummy[i] === 0 && value.tradable[i] === 1) ways.push(i);
    ways.sort((a, b) => (order[a] ?? 0) - (order[b] ?? 0));
    const bound = { members: value.bound, cost: value.cost };
    // Pushed in reverse so that "trades through its first item" is explored first.
    stack.push({
      decisions: [...decisions, ...ways.map((item) => ({ item, force: false }))],
      bound,
    });
    for (let t = ways.length - 1; t >= 0; t--) {
      const excluded = ways.slice(0, t).map((item) => ({ item, force: false }));
      stack.push({
        decisions: [...decisions, ...excluded, { item: ways[t] ?? 0, force: true }],
        bound,
      });
    }
  };
  if (rootValue.members < rootValue.bound) branch([], rootValue);
  while (stack.length > 0) {
    if (performance.now() > deadline || budget.spent()) {
      stoppedAt = stack;
      break;
    }
    const node = stack.pop();
    if (!node || !better(node.bound, incumbent)) continue;
    nodes++;
    const value = evaluate(node.decisions);
    if (!value) continue;
    if (better(value, incumbent)) {
      incumbent = { members: value.members, cost: value.cost };
      best.set(working.columnOf);
    }
    if (!better({ members: value.bound, cost: value.cost }, incumbent)) continue;
    if (value.members === value.bound) continue;
    branch(node.decisions, value);
  }
  stats.memberNodes = nodes;

  let bound = { ...incumbent };
  for (const node of stoppedAt) if (better(node.bound, bound)) bound = { ...node.bound };
  return { best, incumbent, bound, finished: !better(bound, incumbent) };
}

function countItems(instance: Instance, next: Int32Array): number {
  let count = 0;
  for (let i = 0; i < instance.n; i++) if (instance.isDummy[i] === 0 && next[i] !== i) count++;
  return count;
}
