import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { problems } from '../../db/schema/problems.js';
import { users } from '../../db/schema/users.js';

const reporters = alias(users, 'reporters');

/** The admins' queue: open first, then the newest, with both members' rows. */
export async function findProblemQueue(db: Executor, limit = 200) {
  return db
    .select({ problem: problems, member: users, reporter: reporters })
    .from(problems)
    .innerJoin(users, eq(users.id, problems.memberId))
    .innerJoin(reporters, eq(reporters.id, problems.reporterId))
    .orderBy(desc(eq(problems.status, 'open')), desc(problems.createdAt), desc(problems.id))
    .limit(limit);
}

/**
 * A member's problems other than `exceptId`, before it: raised about them (and of those
 * upheld), and raised by them. "Earlier" by id, which grows with time.
 */
export async function findEarlierProblems(db: Executor, memberId: string, exceptId: number) {
  const [row] = await db
    .select({
      against: sql<number>`count(*) filter (where ${problems.memberId} = ${memberId})::int`,
      upheld: sql<number>`count(*) filter (where ${problems.memberId} = ${memberId} and ${problems.status} = 'upheld')::int`,
      raised: sql<number>`count(*) filter (where ${problems.reporterId} = ${memberId})::int`,
    })
    .from(problems)
    .where(
      and(
        sql`${problems.id} < ${exceptId}`,
        sql`(${problems.memberId} = ${memberId} or ${problems.reporterId} = ${memberId})`,
      ),
    );
  return {
    earlierProblemsAgainst: Number(row?.against ?? 0),
    earlierUpheldAgainst: Number(row?.upheld ?? 0),
    earlierProblemsRaised: Number(row?.raised ?? 0),
  };
}
