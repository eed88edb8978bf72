import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { RoundFacts } from '../../../shared/policies/rounds.js';
import type { Executor } from '../../db/client.js';
import { roundEntries, rounds, roundTrades } from '../../db/schema/rounds.js';
import { users } from '../../db/schema/users.js';
import { publicUserColumns } from '../users/public-user.js';

export type RoundRow = typeof rounds.$inferSelect;
export type EntryRow = typeof roundEntries.$inferSelect;
export type TradeRow = typeof roundTrades.$inferSelect;

/** A round as its policies see it. */
export function roundFacts(round: RoundRow): RoundFacts {
  return {
    organiserId: round.organiserId,
    state: round.state,
    hidden: round.hiddenAt !== null,
    joinPolicy: round.joinPolicy,
    entriesCloseAt: round.entriesCloseAt,
    wantsCloseAt: round.wantsCloseAt,
    shippingDeadline: round.shippingDeadline,
  };
}

/** `lock`: FOR UPDATE (solving, closing); `share`: FOR SHARE (entries and wants change under it). */
export async function findRound(
  db: Executor,
  id: number,
  options: { lock?: 'update' | 'share' } = {},
): Promise<RoundRow | undefined> {
  const query = db.select().from(rounds).where(eq(rounds.id, id));
  const [row] = options.lock ? await query.for(options.lock) : await query;
  return row;
}

/** The newest rounds: visible ones for everyone, hidden ones too for admins. */
export async function findRounds(
  db: Executor,
  options: { includeHidden: boolean; viewerId?: string },
) {
  return db
    .select({ round: rounds, organiser: publicUserColumns() })
    .from(rounds)
    .innerJoin(users, eq(users.id, rounds.organiserId))
    .where(
      options.includeHidden
        ? undefined
        : or(
            isNull(rounds.hiddenAt),
            options.viewerId ? eq(rounds.organiserId, options.viewerId) : undefined,
          ),
    )
    .orderBy(desc(rounds.createdAt), desc(rounds.id))
    .limit(200);
}

export async function findOrganiser(db: Executor, userId: string) {
  const [row] = await db.select(publicUserColumns()).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`organiser ${userId} is missing`);
  return row;
}

/** Entries and distinct members per round, and how many entries `viewerId` has in each. */
export async function findRoundCounts(
  db: Executor,
  roundIds: readonly number[],
  viewerId: string | undefined,
): Promise<Map<number, { entries: number; members: number; mine: number }>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .select({
      roundId: roundEntries.roundId,
      entries: sql<number>`count(*)::int`,
      members: sql<number>`count(distinct ${roundEntries.userId})::int`,
      mine: sql<number>`count(*) filter (where ${roundEntries.userId} = ${viewerId ?? ''})::int`,
    })
    .from(roundEntries)
    .where(inArray(roundEntries.roundId, [...roundIds]))
    .groupBy(roundEntries.roundId);
  return new Map(rows.map((row) => [row.roundId, row]));
}

export async function findEntries(db: Executor, roundId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(roundEntries)
    .where(eq(roundEntries.roundId, roundId))
    .orderBy(asc(roundEntries.id));
}

export async function findEntry(db: Executor, roundId: number, entryId: number) {
  const [row] = await db
    .select()
    .from(roundEntries)
    .where(and(eq(roundEntries.roundId, roundId), eq(roundEntries.id, entryId)));
  return row;
}

export async function findTrades(db: Executor, roundId: number): Promise<TradeRow[]> {
  return db
    .select()
    .from(roundTrades)
    .where(eq(roundTrades.roundId, roundId))
    .orderBy(asc(roundTrades.loop), asc(roundTrades.position));
}

export async function findTrade(
  db: Executor,
  roundId: number,
  entryId: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(roundTrades)
    .where(and(eq(roundTrades.roundId, roundId), eq(roundTrades.entryId, entryId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}
