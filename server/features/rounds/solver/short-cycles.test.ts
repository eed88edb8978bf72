import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adversarialInput, adversarialRound } from '../testing/adversarial-round.js';
import { compileInstance } from './instance.js';
import { enumerateCycles } from './short-cycles.js';
import { solveTrade } from './solve.js';
import { randomInstance } from './testing/random-instance.js';
import { buildTradeGraph } from './trade-graph.js';
import type { SolverInput } from './types.js';

function enumerate(input: SolverInput, maxCycle: number, limits = {}, loopLimit = 1_000_000) {
  const instance = compileInstance(input);
  return enumerateCycles(instance, buildTradeGraph(instance), maxCycle, loopLimit, limits);
}

const loopsOf = (cycles: ReturnType<typeof enumerate>) =>
  Array.from({ length: cycles.count }, (_, c) =>
    Array.from(cycles.items.subarray(cycles.start[c], cycles.start[c + 1])).join(' '),
  );

describe('enumerateCycles limits', () => {
  it('finds the same loops, in the same order, under limits it does not reach', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.integer({ min: 2, max: 5 }),
        (seed, maxCycle) => {
          const input = randomInstance({ seed, items: 12, members: 4, dummies: 2, density: 0.4 });
          const free = enumerate(input, maxCycle);
          const limited = enumerate(input, maxCycle, {
            deadline: performance.now() + 60_000,
            maxPaths: free.paths + 1,
          });
          expect(free.truncated).toBe(false);
          expect(limited).toMatchObject({ truncated: false, stoppedBy: null, paths: free.paths });
          expect(loopsOf(limited)).toEqual(loopsOf(free));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('stops at its path cap, its deadline or its loop limit, and says which', () => {
    const maze = adversarialInput(adversarialRound(24, 22));
    const capped = enumerate(maze, 20, { maxPaths: 10_000 });
    expect(capped).toMatchObject({ truncated: true, stoppedBy: 'paths', paths: 10_000, count: 0 });
    const timed = enumerate(maze, 20, { deadline: performance.now() - 1 });
    expect(timed).toMatchObject({ truncated: true, stoppedBy: 'time' });
    // Without a limit the maze has no loop of 20: every loop runs the chain of 22 and more.
    expect(enumerate(maze, 20)).toMatchObject({ truncated: false, count: 0 });
    const input = randomInstance({ seed: 3, items: 12, members: 4, density: 0.6 });
    expect(enumerate(input, 4, {}, 5)).toMatchObject({ truncated: true, stoppedBy: 'loops' });
  });

  it("ends the solver's run not proven, the uncapped optimum as its bound", async () => {
    const result = await solveTrade(adversarialInput(adversarialRound(24, 22)), {
      maxCycle: 20,
      maxPaths: 10_000,
    });
    expect(result.optimal).toBe(false);
    expect(result.totals.itemsTraded).toBe(0);
    expect(result.bound.itemsTraded).toBeGreaterThan(22);
    expect(result.stats).toMatchObject({ enumeratedPaths: 10_000, enumerationStopped: 2 });
  });
});
