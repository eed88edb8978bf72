/**
 * The bench's verdict on one solver run (scripts/bench/solver.ts): what was proven, and whether
 * the budget was met. It never claims a proof the solver did not make.
 */
import type { SolverResult } from '../../server/features/rounds/solver/types.js';

const format = (n: number) => n.toLocaleString('en-GB');

/** What was proven: optimal, or the answer beside its bound and gap (never a claim of proof). */
export function exactness(result: SolverResult, ms: number): string {
  if (result.optimal) return 'proven optimal';
  const { gap, bound } = result;
  const answered = `answered in ${(ms / 1000).toFixed(1)} s, not proven`;
  if (!gap) return answered;
  const of =
    gap.objective === 'itemsTraded'
      ? `at most ${format(bound.itemsTraded)} items`
      : gap.objective === 'membersTrading'
        ? `items optimal, at most ${format(bound.membersTrading)} members`
        : `items and members optimal, cost at least ${format(bound.totalCost)}`;
  return `${answered}: ${of}, gap ${gap.absolute} (${gap.percent.toFixed(2)} %)`;
}

/** ✅ proven optimal within the budget; ⚠️ answered within it with a gap; ❌ over it. */
export function met(result: SolverResult, ms: number, budgetMs: number): string {
  if (ms > budgetMs) return '❌';
  return result.optimal ? '✅' : '⚠️ gap';
}
