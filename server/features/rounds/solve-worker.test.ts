import { describe, expect, it } from 'vitest';
import { roundWantList, usernames } from './rounds.solve.js';
import { SolveOverrunError, solveInWorker } from './solve-worker.js';
import { adversarialRound } from './testing/adversarial-round.js';

/** A round's want-list file from a plan of entries (ids 1, 2, … in plan order). */
function wantListOf(plan: ReturnType<typeof adversarialRound>) {
  const entries = plan.map((entry, position) => ({
    id: position + 1,
    userId: entry.owner === 0 ? 'ann' : 'bob',
    title: `Listing ${position + 1}`,
    wants: entry.wants.map((p) => p + 1),
    eligible: true,
  }));
  const names = usernames(entries, new Map());
  return {
    text: roundWantList({ id: 1, title: 'Test', seed: 7 }, entries, names),
    names: [...names],
  };
}

describe("the solver's worker thread", () => {
  it('solves from the TypeScript source (as under tsx in development)', async () => {
    const entries = [
      { id: 1, userId: 'ann', title: 'Lamp', wants: [2], eligible: true },
      { id: 2, userId: 'bob', title: 'Tent', wants: [3], eligible: true },
      { id: 3, userId: 'cat', title: 'Chess', wants: [1], eligible: true },
    ];
    const names = usernames(entries, new Map());
    const solution = await solveInWorker({
      text: roundWantList({ id: 1, title: 'Three', seed: 7 }, entries, names),
      names: [...names],
      options: { seed: 7, maxLoopLength: null, timeLimitMs: 5_000 },
    });
    expect(solution.result).toMatchObject({ itemsTraded: 3, loops: 1, optimal: true });
    expect(solution.legs).toHaveLength(3);
  });

  it('keeps its budget on an adversarial round: the loops found so far, not proven', async () => {
    const started = performance.now();
    const solution = await solveInWorker({
      ...wantListOf(adversarialRound(40, 22)),
      options: { seed: 7, maxLoopLength: 20, timeLimitMs: 1_000 },
    });
    expect(performance.now() - started).toBeLessThan(1_000 + 2_000);
    expect(solution.result).toMatchObject({ optimal: false, itemsTraded: 0 });
    expect(solution.result.elapsedMs).toBeLessThanOrEqual(1_000);
    expect(solution.result.itemsBound).toBeGreaterThan(0);
  });

  it('stops at its path cap, however much time it has', async () => {
    const solution = await solveInWorker({
      ...wantListOf(adversarialRound(40, 22)),
      options: { seed: 7, maxLoopLength: 20, timeLimitMs: 60_000, maxPaths: 100_000 },
    });
    expect(solution.result).toMatchObject({ optimal: false, itemsTraded: 0 });
    expect(solution.result.elapsedMs).toBeLessThan(10_000);
  });

  it('is ended when it runs past the time it was given', async () => {
    const started = performance.now();
    const overrun = solveInWorker(
      {
        ...wantListOf(adversarialRound(40, 22)),
        options: { seed: 7, maxLoopLength: 20, timeLimitMs: 60_000 },
      },
      { killAfterMs: 300 },
    );
    await expect(overrun).rejects.toBeInstanceOf(SolveOverrunError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
