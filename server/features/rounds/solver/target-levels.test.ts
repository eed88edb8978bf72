import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lagrangianValue } from './cycle-packing.js';
import { diveForPacking } from './lp-dive.js';

import { descendTargets, loopsAbove } from './target-levels.js';
import { bruteForceOptimum } from './testing/brute-force.js';
import { loopsOf, smallCappedInstance } from './testing/small-loops.js';

const instances = fc.record({
  ...smallCappedInstance({ maxDensity: 0.8 }),
  // Item prices: any prices ≥ 0 give a valid bound and valid reduced costs.
  prices: fc.array(fc.double({ min: 0, max: 2, noNaN: true }), { minLength: 12, maxLength: 12 }),
  // Or the linear relaxation's duals, the tightest prices, as the solver uses them.
  relaxation: fc.boolean(),
});

type DrawnInstance = typeof instances extends fc.Arbitrary<infer T> ? T : never;

async function setUp({ maxCycle, prices: drawn, relaxation, ...options }: DrawnInstance) {
  const { input, instance, cycles } = loopsOf(options, maxCycle);
  let prices: Float64Array = Float64Array.from(
    { length: instance.n },
    (_, i) => drawn[i % drawn.length] ?? 0,
  );
  const reduced = new Float64Array(cycles.count);
  if (relaxation && cycles.count > 0) {
    lagrangianValue(cycles, prices, reduced);
    const dive = await diveForPacking(
      cycles,
      reduced,
      prices,
      Number.NEGATIVE_INFINITY,
      1_000,
      performance.now() + 10_000,
    );
    prices = dive.prices ?? prices;
  }
  const bound = lagrangianValue(cycles, prices, reduced);
  const optimum = bruteForceOptimum(input, { maxCycle }).itemsTraded;
  const top = Math.min(instance.realItems, Math.floor(bound + 1e-7));
  return { instance, cycles, reduced, bound, optimum, top };
}

describe('reduced-cost fixing by target levels', () => {
  it('keeps every loop of some optimal answer, at any prices', async () => {
    await fc.assert(
      fc.asyncProperty(instances, async (drawn) => {
        const { instance, cycles, reduced, bound, optimum, top } = await setUp(drawn);
        expect(top).toBeGreaterThanOrEqual(optimum);
        // From nothing known: the levels above the optimum are infeasible, the optimum's is
        // not, so the descent ends on the exhaustive optimum, proven.
        const descent = await descendTargets(
          instance,
          cycles,
          reduced,
          bound,
          top,
          0,
          () => performance.now() + 10_000,
        );
        expect(descent.proven).toBe(optimum);
        expect(descent.settled).toBe(true);
        expect(descent.items ?? 0).toBe(optimum);
        // Every level above the optimum was proven infeasible, none below was needed.
        expect(descent.levels).toBe(optimum > 0 ? top - optimum + 1 : top);
        // The answer found uses only loops that the level's reduced costs keep.
        const kept = new Set(loopsAbove(reduced, optimum - bound));
        for (const c of descent.chosen ?? []) expect(kept.has(c)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('proves an incumbent optimal when no level above it is feasible', async () => {
    await fc.assert(
      fc.asyncProperty(instances, async (drawn) => {
        const { instance, cycles, reduced, bound, optimum, top } = await setUp(drawn);
        const descent = await descendTargets(
          instance,
          cycles,
          reduced,
          bound,
          top,
          optimum,
          () => performance.now() + 10_000,
        );
        expect(descent.chosen).toBeNull();
        expect(descent.proven).toBe(optimum);
        expect(descent.settled).toBe(true);
        expect(descent.levels).toBe(top - optimum);
      }),
      { numRuns: 40 },
    );
  });

  it('stops at a level it cannot settle in time, proving only the levels above', async () => {
    const { instance, cycles, reduced, bound, top } = await setUp({
      seed: 11,
      items: 9,
      members: 4,
      dummies: 0,
      density: 0.7,
      maxCycle: 3,
      prices: Array.from({ length: 12 }, () => 1),
      relaxation: false,
    });
    const descent = await descendTargets(
      instance,
      cycles,
      reduced,
      bound,
      top,
      0,
      () => performance.now() - 1,
    );
    expect(descent.chosen).toBeNull();
    expect(descent.proven).toBe(top);
    expect(descent.settled).toBe(false);
  });
});
