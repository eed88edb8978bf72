import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../shared/seeded-random.js';
import { annealPacking } from './anneal.js';
import { addCycle, emptyPacking, type Packing } from './cycle-packing.js';
import type { Cycles } from './short-cycles.js';
import { bruteForceOptimum } from './testing/brute-force.js';
import { loopsOf, smallCappedInstance } from './testing/small-loops.js';

const instances = fc.record(smallCappedInstance());

/** The packing's loops are disjoint, its cover and value agree with them. */
function checkPacking(cycles: Cycles, packing: Packing): void {
  const cover = new Int32Array(packing.cover.length).fill(-1);
  let value = 0;
  for (let c = 0; c < cycles.count; c++) {
    if (packing.chosen[c] !== 1) continue;
    value += cycles.realCount[c] ?? 0;
    for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
      const i = cycles.items[p] ?? 0;
      expect(cover[i]).toBe(-1);
      cover[i] = c;
    }
  }
  expect(Array.from(packing.cover)).toEqual(Array.from(cover));
  expect(packing.value).toBe(value);
}

describe('annealPacking', () => {
  it('reaches the optimum from nothing on small instances', async () => {
    await fc.assert(
      fc.asyncProperty(instances, async ({ maxCycle, ...options }) => {
        const { input, instance, cycles } = loopsOf(options, maxCycle);
        const optimum = bruteForceOptimum(input, { maxCycle }).itemsTraded;
        const packing = emptyPacking(instance.n, cycles.count);
        const all = Array.from({ length: cycles.count }, (_, c) => c);
        annealPacking(cycles, all, packing, seededRandom(options.seed), () => false, {
          target: optimum,
          idleRounds: 50,
        });
        checkPacking(cycles, packing);
        expect(packing.value).toBe(optimum);
      }),
      { numRuns: 120, seed: 31 },
    );
  });

  it('keeps a valid packing, never worse than its start, of allowed loops and the start', async () => {
    await fc.assert(
      fc.asyncProperty(instances, fc.integer({ min: 1, max: 1000 }), async (sizes, pick) => {
        const { maxCycle, ...options } = sizes;
        const { instance, cycles } = loopsOf(options, maxCycle);
        const random = seededRandom(pick);
        const packing = emptyPacking(instance.n, cycles.count);
        const start: number[] = [];
        for (let c = 0; c < cycles.count; c++)
          if (random() < 0.3 && addCycle(cycles, packing, c)) start.push(c);
        const before = packing.value;
        const allowed = Array.from({ length: cycles.count }, (_, c) => c).filter(
          () => random() < 0.5,
        );
        let checks = 0;
        annealPacking(cycles, allowed, packing, random, () => ++checks > 20, {
          target: Number.POSITIVE_INFINITY,
          movesPerStep: 50,
        });
        checkPacking(cycles, packing);
        expect(packing.value).toBeGreaterThanOrEqual(before);
        const permitted = new Set([...allowed, ...start]);
        for (let c = 0; c < cycles.count; c++)
          if (packing.chosen[c] === 1) expect(permitted.has(c)).toBe(true);
      }),
      { numRuns: 150, seed: 37 },
    );
  });
});
