import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { roundEntries } from '../../db/schema/rounds.js';
import type { RoundPhase as RoundPhaseEvent } from './rounds.events.js';
import type { RoundRow } from './rounds.queries.js';

/** What `items.reserved_by` says while a round holds a listing. */
export const roundHolder = (id: number) => `round:${id}`;
export const roundLink = (id: number) => `/rounds/${id}`;

export async function participants(db: Executor, roundId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: roundEntries.userId })
    .from(roundEntries)
    .where(eq(roundEntries.roundId, roundId));
  return rows.map((row) => row.userId);
}

/**
 * Tells every open tab that the round changed, when the transaction commits: a round's page is
 * public, so whoever has it open refetches it (the event carries the id only).
 */
export function roundChanged(ctx: AppContext, tx: Transaction, roundId: number): Promise<void> {
  return ctx.events.publishIn(tx, 'everyone', { type: 'round', roundId });
}

export async function announce(
  ctx: AppContext,
  tx: Transaction,
  round: RoundRow,
  phase: RoundPhaseEvent['phase'],
): Promise<void> {
  await ctx.hooks.emit(tx, 'round.phase', {
    roundId: round.id,
    title: round.title,
    userIds: await participants(tx, round.id),
    phase,
    link: roundLink(round.id),
  });
}
