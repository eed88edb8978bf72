import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Reliability, reliabilitySchema } from '../../../shared/users.js';
import type { AppContext } from '../../context.js';
import { instances } from '../../db/schema/federation.js';
import { users } from '../../db/schema/users.js';
import { outboundRequest } from '../../infra/outbound/request.js';
import { recordHomeReliability } from '../users/home-reliability.js';
import { hostOf } from './instances.js';

/** The relation of the actor's attachment that links to where home reports the member. */
export const RELIABILITY_REL = 'urn:swapmarket:reliability';

const payloadSchema = z.object({ memberId: z.string() });

/** A profile answer is a few hundred bytes; anything much larger is not one. */
const MAX_REPORT_BYTES = 64 * 1024;
const REPORT_TIMEOUT_MS = 5_000;

/** What home answers at the link (its GET /api/users/:id): only its reliability is read. */
const reportSchema = z.object({
  reliability: reliabilitySchema.extend({
    responseRate: z.number().int().min(0).max(100).nullable(),
    typicalResponseMinutes: z.number().min(0).max(1e7).nullable(),
    offersCounted: z.number().int().min(0).max(1e9),
    completedSwaps: z.number().int().min(0).max(1e9),
    completedCircles: z.number().int().min(0).max(1e9),
    problemsOpen: z.number().int().min(0).max(1e9),
    problemsUpheld: z.number().int().min(0).max(1e9),
  }),
});

/**
 * Reads what a remote member's home reports of their reliability (issue 39 §3), from the link
 * their actor carries, on the member's own instance only, while it is followed and not blocked:
 * through the outbound policy, with a size and time limit and no redirect. Whatever goes wrong
 * leaves the last report in place; the attempt is recorded, so the next is an hour later.
 */
export async function runHomeReliability(ctx: AppContext, payload: unknown): Promise<void> {
  const { memberId } = payloadSchema.parse(payload);
  const [member] = await ctx.db
    .select({
      reliabilityUrl: users.reliabilityUrl,
      host: instances.host,
      following: instances.following,
      blocked: instances.blocked,
    })
    .from(users)
    .innerJoin(instances, eq(instances.id, users.originInstanceId))
    .where(eq(users.id, memberId));
  if (!member?.reliabilityUrl || member.blocked || member.following !== 'accepted') return;
  await recordHomeReliability(
    ctx,
    memberId,
    await readReport(ctx, member.reliabilityUrl, member.host),
  );
}

async function readReport(
  ctx: AppContext,
  link: string,
  host: string,
): Promise<Reliability | null> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (hostOf(url) !== host) return null;
  try {
    const answer = await outboundRequest(url, {
      allowPrivate: ctx.config.federation.allowPrivate,
      timeoutMs: REPORT_TIMEOUT_MS,
      maxBytes: MAX_REPORT_BYTES,
      headers: { accept: 'application/json' },
    });
    if (answer.status !== 200) return null;
    const report = reportSchema.safeParse(JSON.parse(answer.body.toString('utf8')));
    return report.success ? report.data.reliability : null;
  } catch (error) {
    ctx.log.info({ err: error, url: url.href }, 'a member’s home did not report their reliability');
    return null;
  }
}
