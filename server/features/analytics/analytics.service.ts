import { count, sql } from 'drizzle-orm';
import type { AdminStats, VisitorAnalytics } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { siteVisits } from '../../db/schema/analytics.js';
import { items } from '../../db/schema/items.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';

/** Crawlers and scripts are not visitors. Headless browsers used for testing are counted. */
const BOT_AGENT =
  /bot\b|crawl|spider|slurp|curl\/|wget|python-requests|httpclient|feedfetcher|facebookexternalhit/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

export async function recordPageView(
  ctx: AppContext,
  view: { path: string; ipAddress: string; userAgent: string | undefined; userId: string | null },
): Promise<boolean> {
  if (isBot(view.userAgent) || /^\/api(\/|$)/i.test(view.path)) return false;
  await ctx.db.insert(siteVisits).values({
    path: view.path.split('?')[0] ?? view.path,
    ipAddress: view.ipAddress,
    userAgent: view.userAgent?.slice(0, 300) ?? null,
    userId: view.userId,
  });
  return true;
}

export async function totalPageViews(ctx: Pick<AppContext, 'db'>): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(siteVisits);
  return row?.n ?? 0;
}

const DAYS_SHOWN = 7;

export async function adminStats(ctx: AppContext): Promise<AdminStats> {
  const [[userRow], [itemRow], [swapRow], [recentRow], daily] = await Promise.all([
    ctx.db
      .select({ total: count(), members: sql<number>`count(${users.emailVerifiedAt})::int` })
      .from(users),
    ctx.db.select({ n: count() }).from(items).where(sql`${items.deletedAt} is null`),
    ctx.db
      .select({ n: count() })
      .from(swapRequests)
      .where(sql`${swapRequests.status} = 'completed'`),
    ctx.db
      .select({ n: count() })
      .from(siteVisits)
      .where(sql`${siteVisits.createdAt} > now() - interval '24 hours'`),
    // Every one of the last seven days (UTC), zero when nobody came.
    ctx.db.execute<{ date: string; count: number }>(sql`
      select to_char(day, 'YYYY-MM-DD') as date, count(${siteVisits.id})::int as count
      from generate_series(
        ((now() at time zone 'utc')::date - ${DAYS_SHOWN - 1}::int)::timestamp,
        (now() at time zone 'utc')::date::timestamp,
        interval '1 day'
      ) as day
      left join ${siteVisits} on (${siteVisits.createdAt} at time zone 'utc')::date = day::date
      group by day order by day`),
  ]);
  return {
    totalUsers: userRow?.total ?? 0,
    totalMembers: Number(userRow?.members ?? 0),
    totalItems: itemRow?.n ?? 0,
    totalSwaps: swapRow?.n ?? 0,
    recentVisits: recentRow?.n ?? 0,
    dailyVisits: daily.rows.map((row) => ({ date: row.date, count: Number(row.count) })),
  };
}

export async function visitorAnalytics(ctx: AppContext): Promise<VisitorAnalytics> {
  const [[totals], top] = await Promise.all([
    ctx.db
      .select({
        uniqueIPAddresses: sql<number>`count(distinct ${siteVisits.ipAddress})::int`,
        totalPageViews: count(),
        uniqueRegisteredUsers: sql<number>`count(distinct ${siteVisits.userId})::int`,
        anonymousVisits: sql<number>`count(*) filter (where ${siteVisits.userId} is null)::int`,
      })
      .from(siteVisits),
    ctx.db
      .select({
        ipAddress: siteVisits.ipAddress,
        visitCount: sql<number>`count(*)::int`,
        uniquePagesVisited: sql<number>`count(distinct ${siteVisits.path})::int`,
      })
      .from(siteVisits)
      .where(sql`${siteVisits.ipAddress} is not null`)
      .groupBy(siteVisits.ipAddress)
      .orderBy(sql`count(*) desc`, siteVisits.ipAddress)
      .limit(5),
  ]);
  return {
    uniqueIPAddresses: Number(totals?.uniqueIPAddresses ?? 0),
    totalPageViews: Number(totals?.totalPageViews ?? 0),
    uniqueRegisteredUsers: Number(totals?.uniqueRegisteredUsers ?? 0),
    anonymousVisits: Number(totals?.anonymousVisits ?? 0),
    topVisitorIPs: top.map((row) => ({
      ipAddress: row.ipAddress ?? '',
      visitCount: Number(row.visitCount),
      uniquePagesVisited: Number(row.uniquePagesVisited),
    })),
  };
}

export async function purgeOldVisits(db: Database, retentionDays: number): Promise<void> {
  await db
    .delete(siteVisits)
    .where(sql`${siteVisits.createdAt} < now() - ${retentionDays} * interval '1 day'`);
}
