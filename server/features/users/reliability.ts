import { and, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  RELIABILITY_WINDOW_DAYS,
  RESPONSE_GRACE_HOURS,
  type Reliability,
} from '../../../shared/users.js';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { blocks } from '../../db/schema/blocks.js';
import { problems } from '../../db/schema/problems.js';
import { memberStats, offerResponses } from '../../db/schema/reliability.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import type { Subscribe } from '../../infra/features.js';

/** The receiver's answers: the first of these to an offer is its response. */
const ANSWERS = ['accepted', 'rejected', 'countered'] as const;

async function addToStats(
  tx: Transaction,
  userIds: readonly string[],
  column: 'completedSwaps' | 'completedCircles',
): Promise<void> {
  const target = memberStats[column];
  for (const userId of new Set(userIds)) {
    await tx
      .insert(memberStats)
      .values({ userId, [column]: 1 })
      .onConflictDoUpdate({ target: memberStats.userId, set: { [column]: sql`${target} + 1` } });
  }
}

/**
 * Issue 18 §6, kept incrementally by the domain events, in the transaction of each: a received
 * offer adds a row to `offer_responses`, its first answer fills it in (a withdrawal or the site
 * closing it first marks it as not counting), a completed swap or circle adds to each member's
 * counters. Profiles then read one member's rows of the last 90 days through an index.
 */
export function reliabilityListeners(_ctx: AppContext, on: Subscribe): void {
  on('swap.changed', async (tx, change) => {
    if (change.from === null) {
      await tx
        .insert(offerResponses)
        .values({
          swapRequestId: change.swapRequestId,
          receiverId: change.toUserId,
          receivedAt: sql`now()`,
        })
        .onConflictDoNothing();
      return;
    }
    const answer = ANSWERS.find((to) => to === change.to);
    if (change.from === 'pending' && (answer || change.to === 'withdrawn')) {
      await tx
        .update(offerResponses)
        .set({ outcome: answer ?? 'withdrawn', answeredAt: answer ? sql`now()` : null })
        .where(
          and(
            eq(offerResponses.swapRequestId, change.swapRequestId),
            isNull(offerResponses.outcome),
          ),
        );
    }
    if (change.to === 'completed') {
      await addToStats(tx, [change.fromUserId, change.toUserId], 'completedSwaps');
    }
  });

  on('swaps.closed', async (tx, closed) => {
    await tx
      .update(offerResponses)
      .set({ outcome: 'closed' })
      .where(
        and(
          inArray(offerResponses.swapRequestId, closed.swapRequestIds),
          isNull(offerResponses.outcome),
        ),
      );
  });

  on('circle.completed', async (tx, circle) => {
    await addToStats(tx, circle.userIds, 'completedCircles');
  });
}

const senders = alias(users, 'senders');

/**
 * A member's reliability: an aggregate of their own recent rows (each offer's sender looked up by
 * key, to leave out the suspended and the blocked) and one counters row.
 */
export async function findReliability(db: Executor, userId: string): Promise<Reliability> {
  const [responses] = await db
    .select({
      answered: sql<number>`count(*) filter (where ${offerResponses.outcome} in ('accepted', 'rejected', 'countered'))::int`,
      overdue: sql<number>`count(*) filter (where ${offerResponses.outcome} is null and ${offerResponses.receivedAt} < now() - make_interval(hours => ${RESPONSE_GRACE_HOURS}))::int`,
      medianSeconds: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${offerResponses.answeredAt} - ${offerResponses.receivedAt})) filter (where ${offerResponses.answeredAt} is not null)`,
    })
    .from(offerResponses)
    .innerJoin(swapRequests, eq(swapRequests.id, offerResponses.swapRequestId))
    .innerJoin(senders, eq(senders.id, swapRequests.fromUserId))
    .where(
      and(
        eq(offerResponses.receiverId, userId),
        gt(
          offerResponses.receivedAt,
          sql`now() - make_interval(days => ${RELIABILITY_WINDOW_DAYS})`,
        ),
        // Offers from a member since suspended, or whom the receiver blocked, say nothing of
        // how the receiver answers (issue 36): left out while that lasts.
        isNull(senders.suspendedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(blocks)
            .where(
              and(
                eq(blocks.blockerId, offerResponses.receiverId),
                eq(blocks.blockedId, swapRequests.fromUserId),
              ),
            ),
        ),
      ),
    );
  const [stats] = await db
    .select({
      completedSwaps: memberStats.completedSwaps,
      completedCircles: memberStats.completedCircles,
    })
    .from(memberStats)
    .where(eq(memberStats.userId, userId));
  // Issue 40 §2: problems raised about the member, still open or upheld by an admin; counts
  // only (a problem's words are for the admins), dismissed ones say nothing.
  const [raised] = await db
    .select({
      open: sql<number>`count(*) filter (where ${problems.status} = 'open')::int`,
      upheld: sql<number>`count(*) filter (where ${problems.status} = 'upheld')::int`,
    })
    .from(problems)
    .where(and(eq(problems.memberId, userId), inArray(problems.status, ['open', 'upheld'])));
  const answered = Number(responses?.answered ?? 0);
  const counted = answered + Number(responses?.overdue ?? 0);
  const median = responses?.medianSeconds == null ? null : Number(responses.medianSeconds);
  return {
    responseRate: counted === 0 ? null : Math.round((100 * answered) / counted),
    typicalResponseMinutes: median === null ? null : Math.max(1, Math.round(median / 60)),
    offersCounted: counted,
    completedSwaps: stats?.completedSwaps ?? 0,
    completedCircles: stats?.completedCircles ?? 0,
    problemsOpen: Number(raised?.open ?? 0),
    problemsUpheld: Number(raised?.upheld ?? 0),
  };
}
