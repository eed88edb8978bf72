/**
 * The exact solver with a loop-length cap (NP-hard in general), used only when the uncapped
 * optimum has a loop that is too long (otherwise that optimum is also the capped one).
 *
 * 1. Enumerate every loop of at most `maxCycle` real items.
 * 2. A good answer fast: greedy packings by Lagrangian reduced cost, a dive through the linear
 *    relaxation (lp-dive.ts), local search from the best of them, then insert-and-repair
 *    annealing over the loops the relaxation favours (anneal.ts).
 * 3. A bound: the Lagrangian bound on items at the subgradient's prices or at the relaxation's
 *    duals (the relaxation over every loop, by column generation), whichever is lower (and the
 *    uncapped optimum, which is never lower).
 * 4. Proof, objective by objective, with integer programs over the loops that reduced costs
 *    cannot rule out (cycle-ilp.ts); items first by descending targets from the bound
 *    (target-levels.ts). If the time limit stops a program, the best answer so far is returned
 *    with the bound proven so far (the result's gap, decision 006).
 *
 * Time: the phases before the proof have CPU-time shares of the limit (SHARES); the proof has
 * the wall-clock time left, less a margin so that the run keeps its limit.
 */

import { seededRandom } from '../../../../shared/seeded-random.js';
import { annealPacking } from './anneal.js';
import { cpuMs, type Phase, phase } from './cpu-clock.js';
import { solveStage } from './cycle-ilp.js';
import {
  addCycle,
  type CycleIndex,
  emptyPacking,
  greedyFill,
  improvePacking,
  indexCycles,
  lagrangianBound,
  lagrangianValue,
  type Packing,
} from './cycle-packing.js';
import { dropDominated } from './dominated-cycles.js';
import type { Instance } from './instance.js';
import { diveForPacking } from './lp-dive.js';
import { type Cycles, enumerateCycles } from './short-cycles.js';
import type { CoverSolution, SearchLimits } from './solve-uncapped.js';
import { descendTargets } from './target-levels.js';
import type { TradeGraph } from './trade-graph.js';
import type { Objective } from './types.js';

/** Beyond this many loops the enumeration stops and optimality can no longer be proven. */
export const CYCLE_LIMIT = 4_000_000;
/**
 * The enumeration's share of the time left (wall clock): the rest goes to the answer phases, so
 * a walk stopped by time still leaves room to pack the loops it found.
 */
const ENUMERATE_SHARE = 0.5;
/** `stats.enumerationStopped`: 0 complete, else which limit stopped it. */
const STOPPED_CODES = { loops: 1, paths: 2, time: 3 } as const;
const SLACK = 1e-7;
/** The dive (lp-dive.ts) looks at loops within one item of the Lagrangian bound's choice... */
const DIVE_MIN_REDUCED = -1;
/** ...and at most this many, so that its relaxations stay quick. */
const DIVE_MAX_COLUMNS = 12_000;
/** The annealing (anneal.ts) uses the loops within one item of the relaxation's choice. */
const ANNEAL_MIN_REDUCED = -1;
/**
 * Above this many loops the program over every loop that leaves room for a better answer is not
 * tried: on the bench case (102,581 loops) HiGHS did not finish its root node in 400 s, and within
 * 10 s it neither improved the answer nor the bound, only ran a second past the time limit.
 */
const ITEMS_PROGRAM_MAX_COLUMNS = 50_000;
const MARGIN_MS = 500;
/** Each target level (target-levels.ts) may use this share of the time left. */
const LEVEL_SHARE = 0.5;
/**
 * The phases before the proof, as shares of the time limit counted in CPU time (cpu-clock.ts):
 * measured in wall time they did less work on a loaded machine, and the answer varied with the
 * load (1,383 to 1,391 items on the bench case). Each may stretch to WALL_STRETCH times its share
 * in wall time, so that a very loaded machine still leaves time to the phases after it. The
 * subgradient only picks the loops the relaxation starts from (column generation completes it):
 * 5 % gave the same relaxation bound and dive as 30 % on the bench case; the annealing is where
 * the answer improves (measured: +5 to +21 items over the swap search in 2 to 5 s of CPU).
 */
const SHARES = { bound: 0.05, dive: 0.15, search: 0.05, anneal: 0.5 } as const;
const WALL_STRETCH = 2;
/** About 0.3 s of CPU on the bench case (889 steps took 2.8 s). */
const MIN_SUBGRADIENT_STEPS = 100;

type CappedSolution = Omit<CoverSolution, 'value'>;

export async function solveCapped(
  instance: Instance,
  graph: TradeGraph,
  maxCycle: number,
  uncapped: CoverSolution,
  limits: SearchLimits,
): Promise<CappedSolution> {
  const { n } = instance;
  const stats: Record<string, number> = { ...prefixed(uncapped.stats) };
  let clock = performance.now();
  let cpuClock = cpuMs();
  // Wall time and this process's CPU time: on a shared machine only the second compares runs.
  const lap = (name: string) => {
    const now = performance.now();
    const cpu = cpuMs();
    stats[name] = Math.round(now - clock);
    stats[name.replace(/Ms$/, 'CpuMs')] = Math.round(cpu - cpuClock);
    clock = now;
    cpuClock = cpu;
  };
  // The walk over paths may take any share of the time its graph demands (exponential in the
  // entries at worst): it stops at ENUMERATE_SHARE of the time left and at `maxPaths` paths,
  // and the answer is then built from the loops found so far, not proven.
  const enumerated = enumerateCycles(instance, graph, maxCycle, CYCLE_LIMIT, {
    deadline:
      performance.now() + Math.max(0, limits.deadline - performance.now()) * ENUMERATE_SHARE,
    maxPaths: limits.maxPaths,
  });
  const cycles = dropDominated(enumerated);
  const index = indexCycles(n, cycles);
  stats.cycles = cycles.count;
  stats.dominatedCycles = enumerated.count - cycles.count;
  stats.enumeratedPaths = enumerated.paths;
  stats.enumerationStopped = enumerated.stoppedBy ? STOPPED_CODES[enumerated.stoppedBy] : 0;
  lap('enumerateMs');
  if (cycles.count === 0) {
    // No loop found: none exists, or (stopped) none was found in time; then the uncapped
    // optimum is all that is known about the best answer.
    return {
      next: nextFromCycles(n, cycles, []),
      bound: cycles.truncated
        ? { ...uncapped.value, totalCost: 0 }
        : { itemsTraded: 0, membersTrading: 0, totalCost: 0 },
      optimal: !cycles.truncated,
      stats,
    };
  }

  const random = seededRandom(limits.seed);
  let best = seedPacking(instance, cycles, index, uncapped.next);
  const tryPacking = (key: Float64Array) => {
    const packing = emptyPacking(n, cycles.count);
    greedyFill(cycles, packing, key);
    if (better(instance, cycles, packing, best)) best = packing;
  };
  const budget = Math.max(0, limits.deadline - performance.now());
  // Every phase ends this much before the deadline: HiGHS notices an interrupt late (up to a
  // second on 100,000 loops under load), and the answer still has to be built.
  const programDeadline = limits.deadline - Math.min(MARGIN_MS, budget * 0.05);
  const phaseOf = (share: number): Phase =>
    phase(
      share * budget,
      Math.min(programDeadline, performance.now() + share * budget * WALL_STRETCH),
    );
  const boundPhase = phaseOf(SHARES.bound);
  let steps = 0;
  const lagrangian = lagrangianBound(
    n,
    cycles,
    () => best.value,
    1,
    // At least MIN_SUBGRADIENT_STEPS steps however loaded the machine: the relaxation starts
    // from the loops their prices favour (37 steps once left its bound at 1,428).
    () =>
      performance.now() > programDeadline || (++steps > MIN_SUBGRADIENT_STEPS && boundPhase.stop()),
    (reduced, iteration) => {
      if (iteration % 40 === 20) tryPacking(reduced);
    },
  );
  let reduced = new Float64Array(cycles.count);
  let bound = lagrangianValue(cycles, lagrangian.prices, reduced);
  tryPacking(reduced);
  stats.lagrangianIterations = lagrangian.iterations;
  stats.lagrangianBound = Math.round(bound * 1000) / 1000;
  lap('boundMs');
  const divePhase = phaseOf(SHARES.dive);
  const dive = await diveForPacking(
    cycles,
    reduced,
    lagrangian.prices,
    DIVE_MIN_REDUCED,
    DIVE_MAX_COLUMNS,
    divePhase.deadline,
    divePhase.stop,
    programDeadline,
  );
  stats.pricingRounds = dive.pricingRounds;
  if (dive.chosen) {
    const packing = emptyPacking(n, cycles.count);
    for (const c of dive.chosen) addCycle(cycles, packing, c);
    stats.diveItems = packing.value;
    if (better(instance, cycles, packing, best)) best = packing;
  }
  if (dive.prices) {
    // Any prices give a valid bound with matching reduced costs: keep the tighter pair.
    const lpReduced = new Float64Array(cycles.count);
    const lpBound = lagrangianValue(cycles, dive.prices, lpReduced);
    stats.relaxationBound = Math.round(lpBound * 1000) / 1000;
    if (lpBound < bound) {
      bound = lpBound;
      reduced = lpReduced;
    }
  }
  lap('diveMs');
  improvePacking(cycles, index, best, random, phaseOf(SHARES.search).stop);
  stats.heuristicItems = best.value;
  lap('heuristicMs');
  // Insert-and-repair annealing over the loops the relaxation favours (anneal.ts).
  const allowed = columnsAbove(reduced, ANNEAL_MIN_REDUCED);
  const annealed = annealPacking(cycles, allowed, best, random, phaseOf(SHARES.anneal).stop, {
    target: Math.min(uncapped.value.itemsTraded, Math.floor(bound + SLACK)),
  });
  stats.annealColumns = allowed.length;
  stats.annealMoves = annealed.moves;
  stats.annealRounds = annealed.rounds;
  stats.annealItems = best.value;
  lap('annealMs');

  const membersBound = membersInAnyLoop(instance, cycles);
  // A truncated enumeration proves nothing: fall back to the uncapped optimum as the bound.
  let itemsBound = cycles.truncated
    ? uncapped.value.itemsTraded
    : Math.min(uncapped.value.itemsTraded, Math.floor(bound + SLACK));
  const finish = (
    chosen: readonly number[],
    proven: Objective,
    optimal: boolean,
  ): CappedSolution => ({
    next: nextFromCycles(n, cycles, chosen),
    bound: proven,
    optimal,
    stats,
  });
  let chosen = chosenList(best);
  let items = best.value;

  // 1. Items: first by descending targets from the bound (target-levels.ts), each level over
  // the few loops an answer trading that many can use; if a level is not settled in its share
  // of the time, one program over every loop that leaves room for a better answer.
  if (items < itemsBound) {
    if (cycles.truncated)
      return finish(
        chosen,
        { itemsTraded: itemsBound, membersTrading: membersBound, totalCost: 0 },
        false,
      );
    const descent = await descendTargets(
      instance,
      cycles,
      reduced,
      bound,
      itemsBound,
      items,
      () => performance.now() + Math.max(0, programDeadline - performance.now()) * LEVEL_SHARE,
    );
    stats.targetLevels = descent.levels;
    stats.targetLevelColumns = descent.lastColumns;
    stats.targetProven = descent.proven;
    lap('targetLevelsMs');
    if (descent.chosen && descent.items !== null) {
      chosen = descent.chosen;
      items = descent.items;
    }
    itemsBound = Math.min(itemsBound, descent.proven);
  }
  if (items < itemsBound) {
    const columns = columnsAbove(reduced, items + 1 - bound);
    stats.itemsColumns = columns.length;
    // Too large to settle or even to improve on within any budget this solver gets: give the
    // time back and report the gap.
    if (columns.length > ITEMS_PROGRAM_MAX_COLUMNS)
      return finish(
        chosen,
        { itemsTraded: itemsBound, membersTrading: membersBound, totalCost: 0 },
        false,
      );
    const outcome = await solveStage(
      instance,
      cycles,
      columns,
      'items',
      {},
      chosen,
      programDeadline,
    );
    lap('itemsIlpMs');
    if (outcome.chosen && (outcome.value ?? 0) > items) {
      chosen = outcome.chosen;
      items = outcome.value ?? items;
    }
    if (!outcome.optimal) {
      const proven = Math.max(items, Math.min(itemsBound, Math.floor(outcome.bound + SLACK)));
      return finish(
        chosen,
        {
          itemsTraded: Number.isNaN(proven) ? itemsBound : proven,
          membersTrading: membersBound,
          totalCost: 0,
        },
        false,
      );
    }
  }

  if (items === 0) return finish([], { itemsTraded: 0, membersTrading: 0, totalCost: 0 }, true);
  // 2 and 3. Members, then cost, among answers trading `items` items: those use only loops with
  // reduced cost at least items − bound.
  const face = columnsAbove(reduced, items - bound);
  stats.faceColumns = face.length;
  // One program for both: members weighted above any answer's cost, so that its optimum is
  // the lexicographic one; every term is an integer, so a gap below one still proves it.
  const weight = costCeiling(instance, cycles, face) + 1;
  const both = await solveStage(
    instance,
    cycles,
    face,
    'membersThenCost',
    { items, memberWeight: weight },
    chosen,
    programDeadline,
  );
  lap('membersCostIlpMs');
  if (both.chosen) chosen = both.chosen;
  const membersNow = countMembers(instance, cycles, chosen);
  const costNow = chosen.reduce((sum, c) => sum + (cycles.cost[c] ?? 0), 0);
  if (both.optimal)
    return finish(
      chosen,
      { itemsTraded: items, membersTrading: membersNow, totalCost: costNow },
      true,
    );
  // W·M − C ≤ bound with 0 ≤ C < W: at most ⌊bound / W⌋ members; with as many as now, a cost
  // of at least W·M − bound.
  const proven = Number.isNaN(both.bound)
    ? membersBound
    : Math.floor((both.bound + SLACK) / weight);
  const membersProven = Math.max(membersNow, proven);
  const costProven =
    membersProven === membersNow && !Number.isNaN(both.bound)
      ? Math.max(0, Math.min(costNow, Math.ceil(weight * membersNow - both.bound - SLACK)))
      : 0;
  return finish(
    chosen,
    { itemsTraded: items, membersTrading: membersProven, totalCost: costProven },
    false,
  );
}

/** Above any answer's total cost over these loops: each item's costliest leg among them. */
function costCeiling(instance: Instance, cycles: Cycles, columns: readonly number[]): number {
  const costliest = new Float64Array(instance.n);
  for (const c of columns)
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
      const i = cycles.items[p] ?? 0;
      const leg = instance.wantCost[cycles.wants[p] ?? 0] ?? 0;
      if (leg > (costliest[i] ?? 0)) costliest[i] = leg;
    }
  let total = 0;
  for (const leg of costliest) total += leg;
  return Math.ceil(total);
}

function prefixed(stats: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(stats).map(([k, v]) => [`uncapped_${k}`, v]));
}

function columnsAbove(reduced: Float64Array, threshold: number): number[] {
  const columns: number[] = [];
  for (let c = 0; c < reduced.length; c++)
    if ((reduced[c] ?? 0) >= threshold - SLACK) columns.push(c);
  return columns;
}

function chosenList(packing: Packing): number[] {
  const list: number[] = [];
  packing.chosen.forEach((on, c) => {
    if (on === 1) list.push(c);
  });
  return list;
}

function countMembers(instance: Instance, cycles: Cycles, chosen: readonly number[]): number {
  const members = new Set<number>();
  for (const c of chosen)
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
      const i = cycles.items[p] ?? 0;
      if (instance.isDummy[i] === 0) members.add(instance.owner[i] ?? 0);
    }
  return members.size;
}

/** Lexicographically better packing (items, then members, then lower cost). */
function better(instance: Instance, cycles: Cycles, a: Packing, b: Packing): boolean {
  if (a.value !== b.value) return a.value > b.value;
  const ma = countMembers(instance, cycles, chosenList(a));
  const mb = countMembers(instance, cycles, chosenList(b));
  if (ma !== mb) return ma > mb;
  const cost = (p: Packing) => chosenList(p).reduce((s, c) => s + (cycles.cost[c] ?? 0), 0);
  return cost(a) < cost(b);
}

function membersInAnyLoop(instance: Instance, cycles: Cycles): number {
  const members = new Set<number>();
  for (const i of cycles.items) if (instance.isDummy[i] === 0) members.add(instance.owner[i] ?? 0);
  return members.size;
}

/** The uncapped optimum's loops that are short enough, as a starting packing. */
function seedPacking(
  instance: Instance,
  cycles: Cycles,
  index: CycleIndex,
  next: Int32Array,
): Packing {
  const packing = emptyPacking(instance.n, cycles.count);
  const seen = new Uint8Array(instance.n);
  for (let i = 0; i < instance.n; i++) {
    if (seen[i] === 1 || (next[i] ?? i) === i) continue;
    const loop: number[] = [];
    let k = i;
    do {
      seen[k] = 1;
      loop.push(k);
      k = next[k] ?? k;
    } while (k !== i);
    const first = Math.min(...loop);
    for (let q = index.start[first] ?? 0; q < (index.start[first + 1] ?? 0); q++) {
      const c = index.cycles[q] ?? 0;
      if (sameLoop(cycles, c, loop, next)) {
        addCycle(cycles, packing, c);
        break;
      }
    }
  }
  return packing;
}

function sameLoop(cycles: Cycles, c: number, loop: number[], next: Int32Array): boolean {
  const from = cycles.start[c] ?? 0;
  const to = cycles.start[c + 1] ?? 0;
  if (to - from !== loop.length) return false;
  for (let p = from; p < to; p++) {
    const after = p + 1 < to ? (cycles.items[p + 1] ?? 0) : (cycles.items[from] ?? 0);
    if (next[cycles.items[p] ?? 0] !== after) return false;
  }
  return true;
}

function nextFromCycles(n: number, cycles: Cycles, chosen: readonly number[]): Int32Array {
  const next = Int32Array.from({ length: n }, (_, i) => i);
  for (const c of chosen) {
    const from = cycles.start[c] ?? 0;
    const to = cycles.start[c + 1] ?? 0;
    for (let p = from; p < to; p++)
      next[cycles.items[p] ?? 0] =
        p + 1 < to ? (cycles.items[p + 1] ?? 0) : (cycles.items[from] ?? 0);
  }
  return next;
}
