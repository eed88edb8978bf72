import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { swapMilestones } from '../../db/schema/problems.js';
import type { Subscribe } from '../../infra/features.js';

/**
 * When each offer was accepted and completed, written in the transaction of the move: the
 * windows for raising a problem run from these (an offer's updated_at moves with its chat).
 */
export function milestoneListeners(_ctx: AppContext, on: Subscribe): void {
  on('swap.changed', async (tx, change) => {
    if (change.to !== 'accepted' && change.to !== 'completed') return;
    const column = change.to === 'accepted' ? 'acceptedAt' : 'completedAt';
    await tx
      .insert(swapMilestones)
      .values({ swapRequestId: change.swapRequestId, [column]: sql`now()` })
      .onConflictDoUpdate({ target: swapMilestones.swapRequestId, set: { [column]: sql`now()` } });
  });
}
