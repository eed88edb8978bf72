import type { RoundResult } from '../../../shared/rounds';

/** Whether a round's answer is proven best, or how far from best it can be (decision 006). */
export function optimality(result: RoundResult): string {
  if (result.optimal) return 'Optimal: no answer trades more.';
  const bound = result.itemsBound;
  if (bound === undefined || bound <= result.itemsTraded)
    return 'Best found within the time limit.';
  return `Best found within the time limit; no answer can trade more than ${bound} (${bound - result.itemsTraded} more at most).`;
}
