/**
 * Fast bounds and answers for the capped problem before (or instead of) the integer program:
 * a Lagrangian bound on items traded, reduced costs to shrink the program, and a packing found
 * greedily by reduced cost then improved by local search.
 *
 * The bound: for item prices π ≥ 0, any set of disjoint loops trades at most
 * L(π) = Σ π_i + Σ_c max(0, k_c − π(c)) items (k_c: real items of loop c, π(c): its prices).
 * Moreover an answer that uses loop c trades at most L(π) + min(0, k_c − π(c)) items, which is
 * what lets `reducedCosts` rule loops out.
 */
import type { Random } from '../../../../shared/seeded-random.js';
import type { Cycles } from './short-cycles.js';

export type CycleIndex = { start: Int32Array; cycles: Int32Array };

/** The loops through each item. */
export function indexCycles(n: number, cycles: Cycles): CycleIndex {
  const start = new Int32Array(n + 1);
  for (let p = 0; p < cycles.items.length; p++) {
    const i = cycles.items[p] ?? 0;
    start[i + 1] = (start[i + 1] ?? 0) + 1;
  }
  for (let i = 0; i < n; i++) start[i + 1] = (start[i + 1] ?? 0) + (start[i] ?? 0);
  const fill = start.slice(0, n);
  const list = new Int32Array(cycles.items.length);
  for (let c = 0; c < cycles.count; c++) {
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
      const i = cycles.items[p] ?? 0;
      list[fill[i] ?? 0] = c;
      fill[i] = (fill[i] ?? 0) + 1;
    }
  }
  return { start, cycles: list };
}

export function lagrangianValue(
  cycles: Cycles,
  prices: Float64Array,
  reduced: Float64Array,
): number {
  let value = 0;
  for (let i = 0; i < prices.length; i++) value += prices[i] ?? 0;
  for (let c = 0; c < cycles.count; c++) {
    let r = cycles.realCount[c] ?? 0;
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++)
      r -= prices[cycles.items[p] ?? 0] ?? 0;
    reduced[c] = r;
    if (r > 0) value += r;
  }
  return value;
}

/**
 * Subgradient descent on L(π) (Polyak steps towards the best known answer), stopping when the
 * bound is within `stopGap` of it, stalls, or `stop()` (its time is spent). Returns the best prices seen.
 */
export function lagrangianBound(
  n: number,
  cycles: Cycles,
  target: () => number,
  stopGap: number,
  stop: () => boolean,
  onIteration?: (reduced: Float64Array, iteration: number) => void,
): { prices: Float64Array; bound: number; iterations: number } {
  const prices = new Float64Array(n);
  for (let p = 0; p < cycles.items.length; p++) prices[cycles.items[p] ?? 0] = 1;
  const reduced = new Float64Array(cycles.count);
  const gradient = new Float64Array(n);
  let best = Number.POSITIVE_INFINITY;
  const bestPrices = prices.slice();
  let step = 1;
  let stalled = 0;
  let iteration = 0;
  for (; iteration < 5000 && !stop(); iteration++) {
    const value = lagrangianValue(cycles, prices, reduced);
    if (value < best - 1e-9) {
      best = value;
      bestPrices.set(prices);
      stalled = 0;
    } else if (++stalled >= 15) {
      step /= 2;
      stalled = 0;
    }
    onIteration?.(reduced, iteration);
    const lower = target();
    if (best - lower < stopGap || step < 1e-5) break;
    gradient.fill(0);
    for (let p = 0; p < cycles.items.length; p++) gradient[cycles.items[p] ?? 0] = 1;
    for (let c = 0; c < cycles.count; c++) {
      if ((reduced[c] ?? 0) <= 0) continue;
      for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
        const i = cycles.items[p] ?? 0;
        gradient[i] = (gradient[i] ?? 0) - 1;
      }
    }
    let norm = 0;
    for (let i = 0; i < n; i++) {
      if ((prices[i] ?? 0) <= 0 && (gradient[i] ?? 0) > 0) gradient[i] = 0;
      norm += (gradient[i] ?? 0) ** 2;
    }
    if (norm === 0) break;
    const length = (step * Math.max(value - lower, 0.05)) / norm;
    for (let i = 0; i < n; i++)
      prices[i] = Math.max(0, (prices[i] ?? 0) - length * (gradient[i] ?? 0));
  }
  // Recompute at the best prices so callers get reduced costs consistent with the bound.
  return { prices: bestPrices, bound: best, iterations: iteration };
}

/** A packing: which loops are in, and which loop covers each item (-1: none). */
export type Packing = { chosen: Uint8Array; cover: Int32Array; value: number };

export function emptyPacking(n: number, count: number): Packing {
  return { chosen: new Uint8Array(count), cover: new Int32Array(n).fill(-1), value: 0 };
}

function fits(cycles: Cycles, packing: Packing, c: number, except: number): boolean {
  for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
    const cover = packing.cover[cycles.items[p] ?? 0] ?? -1;
    if (cover !== -1 && cover !== except) return false;
  }
  return true;
}

function place(cycles: Cycles, packing: Packing, c: number, on: boolean): void {
  packing.chosen[c] = on ? 1 : 0;
  packing.value += (on ? 1 : -1) * (cycles.realCount[c] ?? 0);
  for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++)
    packing.cover[cycles.items[p] ?? 0] = on ? c : -1;
}

export function addCycle(cycles: Cycles, packing: Packing, c: number): boolean {
  if (!fits(cycles, packing, c, -1)) return false;
  place(cycles, packing, c, true);
  return true;
}

/** Adds every loop that still fits, best (highest key) first; ties by loop number. */
export function greedyFill(cycles: Cycles, packing: Packing, key: Float64Array): void {
  const order = Array.from({ length: cycles.count }, (_, c) => c);
  order.sort((a, b) => (key[b] ?? 0) - (key[a] ?? 0) || a - b);
  for (const c of order) addCycle(cycles, packing, c);
}

function disjoint(cycles: Cycles, a: number, b: number): boolean {
  for (let p = cycles.start[a] ?? 0; p < (cycles.start[a + 1] ?? 0); p++) {
    for (let q = cycles.start[b] ?? 0; q < (cycles.start[b + 1] ?? 0); q++)
      if (cycles.items[p] === cycles.items[q]) return false;
  }
  return true;
}

/**
 * Local search: replace one loop by one or two that use its items and free ones and trade
 * more; with some probability swap it for an equally long one to leave a plateau.
 */
export function improvePacking(
  cycles: Cycles,
  index: CycleIndex,
  packing: Packing,
  random: Random,
  stop: () => boolean,
): void {
  const stamp = new Int32Array(cycles.count);
  let round = 0;
  let idle = 0;
  while (!stop() && idle < 8) {
    let gained = false;
    for (let c = 0; c < cycles.count; c++)
      if (packing.chosen[c] === 0 && addCycle(cycles, packing, c)) gained = true;
    for (let d = 0; d < cycles.count; d++) {
      if (packing.chosen[d] === 0) continue;
      round++;
      const candidates: number[] = [];
      for (let p = cycles.start[d] ?? 0; p < (cycles.start[d + 1] ?? 0); p++) {
        const i = cycles.items[p] ?? 0;
        for (let q = index.start[i] ?? 0; q < (index.start[i + 1] ?? 0); q++) {
          const c = index.cycles[q] ?? 0;
          if (c === d || stamp[c] === round) continue;
          stamp[c] = round;
          if (fits(cycles, packing, c, d)) candidates.push(c);
        }
      }
      const size = cycles.realCount[d] ?? 0;
      let replaced = false;
      for (let x = 0; x < candidates.length && !replaced; x++) {
        const a = candidates[x] ?? 0;
        if ((cycles.realCount[a] ?? 0) > size) {
          place(cycles, packing, d, false);
          place(cycles, packing, a, true);
          replaced = true;
          break;
        }
        for (let y = x + 1; y < candidates.length; y++) {
          const b = candidates[y] ?? 0;
          if (
            (cycles.realCount[a] ?? 0) + (cycles.realCount[b] ?? 0) > size &&
            disjoint(cycles, a, b)
          ) {
            place(cycles, packing, d, false);
            place(cycles, packing, a, true);
            place(cycles, packing, b, true);
            replaced = true;
            break;
          }
        }
      }
      if (replaced) {
        gained = true;
        continue;
      }
      if (candidates.length > 0 && random() < 0.3) {
        const equal = candidates.filter((c) => cycles.realCount[c] === size);
        const pick = equal[Math.floor(random() * equal.length)];
        if (pick !== undefined) {
          place(cycles, packing, d, false);
          place(cycles, packing, pick, true);
        }
      }
    }
    idle = gained ? 0 : idle + 1;
  }
}
