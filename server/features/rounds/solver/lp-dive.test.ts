import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lagrangianValue } from './cycle-packing.js';
import { diveForPacking } from './lp-dive.js';
import { bruteForceOptimum } from './testing/brute-force.js';
import { loopsOf, smallCappedInstance } from './testing/small-loops.js';

describe('diveForPacking', () => {
  it('returns disjoint loops and prices whose bound is never below the capped optimum', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record(smallCappedInstance()), async ({ maxCycle, ...options }) => {
        const { input, instance, cycles } = loopsOf(options, maxCycle);
        // Unit prices: every loop's reduced cost is ≤ 0, so all of them are "promising" at −∞.
        const prices = new Float64Array(instance.n).fill(1);
        const reduced = new Float64Array(cycles.count);
        lagrangianValue(cycles, prices, reduced);
        const dive = await diveForPacking(
          cycles,
          reduced,
          prices,
          Number.NEGATIVE_INFINITY,
          1_000,
          performance.now() + 10_000,
        );
        const optimum = bruteForceOptimum(input, { maxCycle }).itemsTraded;
        const used = new Set<number>();
        let traded = 0;
        for (const c of dive.chosen ?? []) {
          for (let p = cycles.start[c] ?? 0; p < (cycles.start[c + 1] ?? 0); p++) {
            const i = cycles.items[p] ?? 0;
            expect(used.has(i)).toBe(false);
            used.add(i);
          }
          traded += cycles.realCount[c] ?? 0;
        }
        expect(traded).toBeLessThanOrEqual(optimum);
        if (cycles.count === 0) return;
        expect(dive.prices).not.toBeNull();
        const bound = lagrangianValue(
          cycles,
          dive.prices ?? prices,
          new Float64Array(cycles.count),
        );
        expect(bound).toBeGreaterThanOrEqual(optimum - 1e-7);
      }),
      { numRuns: 150, seed: 23 },
    );
  });

  it('prices in the loops its first relaxation left out, reaching the full relaxation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(smallCappedInstance({ minItems: 4, minDensity: 0.3 })),
        async ({ maxCycle, ...options }) => {
          const { instance, cycles } = loopsOf(options, maxCycle);
          if (cycles.count < 2) return;
          const prices = new Float64Array(instance.n).fill(1);
          const boundAt = (dive: { prices: Float64Array | null }) =>
            lagrangianValue(cycles, dive.prices ?? prices, new Float64Array(cycles.count));
          const deadline = performance.now() + 10_000;
          // Every loop promising: the relaxation over all of them.
          const full = await diveForPacking(
            cycles,
            new Float64Array(cycles.count),
            prices,
            -1,
            1_000,
            deadline,
          );
          // Only loop 0 promising (misleading prices): the others must be priced in.
          const misled = new Float64Array(cycles.count).fill(-10);
          misled[0] = 0;
          const narrow = await diveForPacking(cycles, misled, prices, -1, 1_000, deadline);
          expect(boundAt(narrow)).toBeCloseTo(boundAt(full), 6);
        },
      ),
      { numRuns: 100, seed: 41 },
    );
  });

  it('solves the first relaxation until its own deadline even when the phase is spent', async () => {
    const { instance, cycles } = loopsOf(
      { seed: 5, items: 8, members: 4, dummies: 0, density: 0.6 },
      3,
    );
    expect(cycles.count).toBeGreaterThan(0);
    const prices = new Float64Array(instance.n).fill(1);
    const reduced = new Float64Array(cycles.count);
    lagrangianValue(cycles, prices, reduced);
    const spent = () => true;
    const dive = await diveForPacking(
      cycles,
      reduced,
      prices,
      Number.NEGATIVE_INFINITY,
      1_000,
      performance.now(),
      spent,
      performance.now() + 10_000,
    );
    // A bound (the relaxation's prices), but no dive: that had only the phase's time.
    expect(dive.prices).not.toBeNull();
    expect(dive.chosen).toBeNull();
  });
});
