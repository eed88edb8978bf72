import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type MemberHome, type Reliability, reliabilitySchema } from '../../../shared/users.js';
import type { AppContext } from '../../context.js';
import { instances } from '../../db/schema/federation.js';
import { type UserRow, users } from '../../db/schema/users.js';

/**
 * Issue 39 §3: a member of another community has a reliability at home, where their offers are
 * answered and their swaps completed; the few this community saw say little. Their profile here
 * shows what home reports (federation/home-reliability.ts reads it), marked as such.
 */
export const HOME_RELIABILITY_QUEUE = 'federation.home-reliability';

/** What home reported is read again at most this often, whoever looks at the profile. */
export const HOME_RELIABILITY_MAX_AGE_MS = 60 * 60 * 1000;

/** As kept in `users.home_reliability`: the figures and when home reported them. */
export const storedHomeReliabilitySchema = z.object({
  reliability: reliabilitySchema,
  reportedAt: z.string(),
});

/**
 * The member's home, or null for a member of this community. A stale report asks for a new
 * read (one job per member per hour: its dedupe key), answered by the next look at the profile.
 */
export async function memberHome(ctx: AppContext, user: UserRow): Promise<MemberHome | null> {
  if (user.originInstanceId === null) return null;
  const [instance] = await ctx.db
    .select({ host: instances.host })
    .from(instances)
    .where(eq(instances.id, user.originInstanceId));
  if (!instance) return null;
  const stale =
    !user.homeReliabilityAt ||
    Date.now() - user.homeReliabilityAt.getTime() > HOME_RELIABILITY_MAX_AGE_MS;
  if (stale && user.reliabilityUrl && ctx.config.federation.enabled) {
    const hour = Math.floor(Date.now() / HOME_RELIABILITY_MAX_AGE_MS);
    await ctx.jobs.enqueue(
      ctx.db,
      HOME_RELIABILITY_QUEUE,
      { memberId: user.id },
      { dedupeKey: `home-reliability:${user.id}:${hour}`, maxAttempts: 1 },
    );
  }
  const stored = storedHomeReliabilitySchema.safeParse(user.homeReliability);
  const report: { reliability: Reliability; reportedAt: string } | null = stored.success
    ? stored.data
    : null;
  return {
    host: instance.host,
    profileUrl: user.profileUrl,
    reliability: report?.reliability ?? null,
    reportedAt: report?.reportedAt ?? null,
  };
}

/** Records a read of home's report: the figures when it gave them, the attempt either way. */
export async function recordHomeReliability(
  ctx: AppContext,
  memberId: string,
  reliability: Reliability | null,
): Promise<void> {
  await ctx.db
    .update(users)
    .set({
      homeReliabilityAt: sql`now()`,
      ...(reliability && {
        homeReliability: { reliability, reportedAt: new Date().toISOString() },
      }),
    })
    .where(eq(users.id, memberId));
}
