import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blocks } from '../../db/schema/blocks.js';
import { users } from '../../db/schema/users.js';
import { publicUserColumns } from '../users/public-user.js';

/** Whether either member has blocked the other. */
export async function blockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Which of `others` stand in a block with `memberId`, either way (one query for a page). */
export async function blockedAmong(
  db: Executor,
  memberId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const list = sql.join(
    others.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, memberId), sql`${blocks.blockedId} in (${list})`),
        and(eq(blocks.blockedId, memberId), sql`${blocks.blockerId} in (${list})`),
      ),
    );
  return new Set(rows.map((row) => (row.blockerId === memberId ? row.blockedId : row.blockerId)));
}

/** Whether any two of `people` have blocked one another (a circle's members, say). */
export async function anyBlockAmong(db: Executor, people: readonly string[]): Promise<boolean> {
  for (const [k, a] of people.entries()) {
    for (const b of people.slice(k + 1)) if (await blockedEitherWay(db, a, b)) return true;
  }
  return false;
}

/**
 * For reads that show other members' things to `viewerId`: true unless a block stands between
 * the viewer and `ownerId` (a column or expression), in either direction. Two primary-key probes.
 */
export function notBlockedBetween(viewerId: string | SQL, ownerId: SQL): SQL {
  return sql`not exists (select 1 from blocks b
                          where (b.blocker_id = ${viewerId} and b.blocked_id = ${ownerId})
                             or (b.blocker_id = ${ownerId} and b.blocked_id = ${viewerId}))`;
}

/** The members `userId` has blocked, most recent first. */
export function findBlocks(db: Executor, userId: string) {
  return db
    .select({ createdAt: blocks.createdAt, user: publicUserColumns() })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt));
}

export type BlockRow = Awaited<ReturnType<typeof findBlocks>>[number];
