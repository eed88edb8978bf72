/**
 * A better capped answer by local search over the loops the relaxation favours: "insert and
 * repair" with annealing. A move puts in one loop c (mostly one through an item no loop covers),
 * takes out the chosen loops that share an item with it, then fills the items they freed with
 * loops that fit, the longest first. A move that trades as many items or more is kept; one that
 * loses d items is kept with probability e^(−d/T), T falling over the run, so the search crosses
 * the plateaus where one-for-one and one-for-two swaps (cycle-packing.ts) stop. The best packing
 * seen is returned.
 *
 * The loops it may use are given (solve-capped.ts passes those whose reduced cost at the
 * relaxation's prices is close to 0: an optimal answer uses few others).
 */

import type { Random } from '../../../../shared/seeded-random.js';
import type { Packing } from './cycle-packing.js';
import type { Cycles } from './short-cycles.js';

/** Share of moves that start from an item no loop covers. */
const FREE_FIRST = 0.9;

export type AnnealOptions = {
  /** Stop as soon as the packing trades this many items (nothing better exists). */
  target: number;
  /** Start and end temperatures (per item lost); the run cools geometrically between them. */
  hot?: number;
  cold?: number;
  /** Moves between temperature steps and clock checks (default: one per item it may use). */
  movesPerStep?: number;
  /** Temperature steps from hot to cold (a round); then it restarts hot from the best. */
  steps?: number;
  /** Stops after this many rounds in a row without a better packing. */
  idleRounds?: number;
};

export type AnnealStats = {
  moves: number;
  accepted: number;
  improvements: number;
  rounds: number;
};

/**
 * Improves `packing` in place (to the best packing seen) using only `allowed` loops beyond those
 * already in it, until `stop()` or the target. Every packing it holds is valid: each item in at
 * most one loop.
 */
export function annealPacking(
  cycles: Cycles,
  allowed: readonly number[],
  packing: Packing,
  random: Random,
  stop: () => boolean,
  options: AnnealOptions,
): AnnealStats {
  const stats: AnnealStats = { moves: 0, accepted: 0, improvements: 0, rounds: 0 };
  const n = packing.cover.length;
  // The allowed loops through each item.
  const start = new Int32Array(n + 1);
  for (const c of allowed)
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
      const i = cycles.items[p] ?? 0;
      start[i + 1] = (start[i + 1] ?? 0) + 1;
    }
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] ?? 0) + (start[i] ?? 0);
  const through = new Int32Array(start[n] ?? 0);
  const fill = start.slice(0, n);
  for (const c of allowed)
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
      const i = cycles.items[p] ?? 0;
      through[fill[i] ?? 0] = c;
      fill[i] = (fill[i] ?? 0) + 1;
    }
  const items: number[] = [];
  for (let i = 0; i < n; i++) if ((start[i + 1] ?? 0) > (start[i] ?? 0)) items.push(i);
  if (items.length === 0 || allowed.length === 0) return stats;

  const { chosen, cover } = packing;
  const best = { chosen: chosen.slice(), cover: cover.slice(), value: packing.value };
  const put = (c: number) => {
    chosen[c] = 1;
    packing.value += cycles.realCount[c] ?? 0;
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++)
      cover[cycles.items[p] ?? 0] = c;
  };
  const take = (c: number) => {
    chosen[c] = 0;
    packing.value -= cycles.realCount[c] ?? 0;
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++)
      cover[cycles.items[p] ?? 0] = -1;
  };
  const fits = (c: number) => {
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++)
      if ((cover[cycles.items[p] ?? 0] ?? -1) !== -1) return false;
    return true;
  };

  const hot = options.hot ?? 0.15;
  const cold = options.cold ?? 0.05;
  const movesPerStep = options.movesPerStep ?? Math.max(100, items.length);
  const steps = options.steps ?? 200;
  const idleRounds = options.idleRounds ?? 8;
  let idle = 0;
  let roundStart = best.value;
  const cooling = (cold / hot) ** (1 / steps);
  let temperature = hot;
  let step = 0;
  const removed: number[] = [];
  const added: number[] = [];
  const freed: number[] = [];

  while (best.value < options.target && !stop()) {
    for (let m = 0; m < movesPerStep; m++) {
      stats.moves++;
      // 1. A loop to put in, through an item no loop covers (mostly: otherwise any item).
      let i = items[Math.floor(random() * items.length)] ?? 0;
      if (random() < FREE_FIRST)
        for (let tries = 0; tries < 30 && (cover[i] ?? -1) !== -1; tries++)
          i = items[Math.floor(random() * items.length)] ?? 0;
      const from = start[i] ?? 0;
      const c = through[from + Math.floor(random() * ((start[i + 1] ?? 0) - from))] ?? 0;
      if (chosen[c] === 1) continue;
      const before = packing.value;
      // 2. Out with the loops in its way, in with it.
      removed.length = 0;
      added.length = 0;
      freed.length = 0;
      for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
        const d = cover[cycles.items[p] ?? 0] ?? -1;
        if (d !== -1 && chosen[d] === 1) {
          take(d);
          removed.push(d);
        }
      }
      put(c);
      added.push(c);
      // 3. Refill the items it freed, the longest loop that fits first.
      for (const d of removed)
        for (let p = cycles.start[d] ?? 0; p < (cycles.start[d + 1] ?? 0); p++) {
          const f = cycles.items[p] ?? 0;
          if ((cover[f] ?? -1) === -1) freed.push(f);
        }
      for (let k = freed.length - 1; k > 0; k--) {
        const j = Math.floor(random() * (k + 1));
        const t = freed[k] ?? 0;
        freed[k] = freed[j] ?? 0;
        freed[j] = t;
      }
      for (const f of freed) {
        if ((cover[f] ?? -1) !== -1) continue;
        let pick = -1;
        let size = 0;
        for (let q = start[f] ?? 0; q < (start[f + 1] ?? 0); q++) {
          const e = through[q] ?? 0;
          const k = cycles.realCount[e] ?? 0;
          if (k > size && fits(e)) {
            pick = e;
            size = k;
          }
        }
        if (pick >= 0) {
          put(pick);
          added.push(pick);
        }
      }
      // 4. Keep it, or undo it.
      const delta = packing.value - before;
      if (delta >= 0 || random() < Math.exp(delta / temperature)) {
        stats.accepted++;
        if (packing.value > best.value) {
          stats.improvements++;
          best.chosen.set(chosen);
          best.cover.set(cover);
          best.value = packing.value;
          if (best.value >= options.target) break;
        }
      } else {
        for (const a of added) take(a);
        for (const d of removed) put(d);
      }
    }
    step++;
    temperature *= cooling;
    if (step >= steps) {
      // Cooled down: start again, hot, from the best packing, unless rounds stopped paying.
      stats.rounds++;
      idle = best.value > roundStart ? 0 : idle + 1;
      roundStart = best.value;
      if (idle >= idleRounds) break;
      step = 0;
      temperature = hot;
      chosen.set(best.chosen);
      cover.set(best.cover);
      packing.value = best.value;
    }
  }
  chosen.set(best.chosen);
  cover.set(best.cover);
  packing.value = best.value;
  return stats;
}
