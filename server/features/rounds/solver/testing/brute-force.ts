/**
 * The exhaustive optimum for tiny instances, written independently of the solver (no shared
 * code beyond the input types): every simple loop, then every set of disjoint loops, scored
 * lexicographically. Exponential; meant for ten items or so.
 */
import type { Objective, Priorities, SolverInput } from '../types.js';

const priced = (rank: number, priorities: Priorities) =>
  priorities === 'triangle'
    ? (rank * (rank + 1)) / 2
    : priorities === 'square'
      ? rank * rank
      : rank;

type Loop = { items: number[]; real: number; cost: number; owners: string[] };

export function bruteForceOptimum(
  input: SolverInput,
  options: { maxCycle?: number; priorities?: Priorities } = {},
): Objective {
  const items = input.items;
  const n = items.length;
  const position = new Map(items.map((item, i) => [item.id, i]));
  const wants = items.map((item) =>
    item.wants.map((w) => ({ to: position.get(w.item) ?? -1, rank: w.rank })),
  );
  const cap = options.maxCycle ?? Number.POSITIVE_INFINITY;
  const priorities = options.priorities ?? 'linear';

  const loops: Loop[] = [];
  const path: number[] = [];
  const onPath = new Set<number>();
  const extend = (start: number) => {
    const last = path[path.length - 1] ?? start;
    for (const { to } of wants[last] ?? []) {
      if (to === start) {
        const real = path.filter((i) => !items[i]?.dummy);
        if (real.length === 0 || real.length > cap) continue;
        let cost = 0;
        path.forEach((from, k) => {
          if (items[from]?.dummy) return;
          const next = path[(k + 1) % path.length] ?? start;
          const want = (wants[from] ?? []).find((w) => w.to === next);
          cost += priced(want?.rank ?? 0, priorities);
        });
        loops.push({
          items: [...path],
          real: real.length,
          cost,
          owners: real.map((i) => items[i]?.owner ?? ''),
        });
        continue;
      }
      if (to < start || onPath.has(to)) continue;
      path.push(to);
      onPath.add(to);
      extend(start);
      path.pop();
      onPath.delete(to);
    }
  };
  for (let s = 0; s < n; s++) {
    path.push(s);
    onPath.add(s);
    extend(s);
    path.pop();
    onPath.delete(s);
  }

  // Items as bits: tiny instances only, so a packing's used items fit in one number.
  const maskOf = (loop: Loop) => loop.items.reduce((mask, i) => mask | (1 << i), 0);
  const through: { loop: Loop; mask: number }[][] = Array.from({ length: n }, () => []);
  for (const loop of loops) {
    const mask = maskOf(loop);
    through[Math.min(...loop.items)]?.push({ loop, mask });
  }
  let best: Objective = { itemsTraded: 0, membersTrading: 0, totalCost: 0 };
  const chosen: Loop[] = [];
  const score = () => {
    const members = new Set(chosen.flatMap((l) => l.owners));
    const value = {
      itemsTraded: chosen.reduce((s, l) => s + l.real, 0),
      membersTrading: members.size,
      totalCost: chosen.reduce((s, l) => s + l.cost, 0),
    };
    if (
      value.itemsTraded > best.itemsTraded ||
      (value.itemsTraded === best.itemsTraded &&
        (value.membersTrading > best.membersTrading ||
          (value.membersTrading === best.membersTrading && value.totalCost < best.totalCost)))
    )
      best = value;
  };
  // Every set of disjoint loops exactly once: decide loops by their lowest item, in item order.
  const choose = (i: number, used: number) => {
    if (i === n) {
      score();
      return;
    }
    choose(i + 1, used);
    if (used & (1 << i)) return;
    for (const { loop, mask } of through[i] ?? []) {
      if (used & mask) continue;
      chosen.push(loop);
      choose(i + 1, used | mask);
      chosen.pop();
    }
  };
  if (n > 30) throw new Error('brute force is for tiny instances');
  choose(0, 0);
  return best;
}
