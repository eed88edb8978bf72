import type { InboxContext } from '@fedify/fedify';
import { Flag } from '@fedify/vocab';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { InstanceRow } from '../../db/schema/federation.js';
import { flaggedItems, items } from '../../db/schema/items.js';
import { memberReports } from '../../db/schema/member-reports.js';
import { users } from '../../db/schema/users.js';
import type { Subscribe } from '../../infra/features.js';
import { findInstance, findInstanceByHost, hostOf, recipientOf } from './instances.js';
import { INSTANCE_IDENTIFIER, listingUrl } from './paths.js';
import { rememberMember } from './remote-store.js';
import { federationContext } from './runtime.js';

export const FLAG_QUEUE = 'federation.flag';

/** What our admins' report says to theirs: the reason and the reporter's words, never who. */
const flagSchema = z.object({
  instanceId: z.number(),
  objects: z.array(z.string()),
  content: z.string(),
});

/**
 * A member's report on a listing or member of another instance also goes to that instance's
 * admins, as a `Flag` from our instance (issue 37 §4): the reporter is never named.
 */
export function reportListeners(ctx: AppContext, on: Subscribe): void {
  if (!ctx.config.federation.enabled) return;
  on('report.filed', async (tx, report) => {
    const [target] =
      report.kind === 'listing'
        ? await tx
            .select({
              instanceId: items.originInstanceId,
              object: items.originUrl,
              owner: users.actorUrl,
            })
            .from(items)
            .innerJoin(users, eq(users.id, items.userId))
            .where(and(eq(items.id, report.itemId), isNotNull(items.originInstanceId)))
        : await tx
            .select({
              instanceId: users.originInstanceId,
              object: users.actorUrl,
              owner: users.actorUrl,
            })
            .from(users)
            .where(and(eq(users.id, report.memberId), isNotNull(users.originInstanceId)));
    if (!target?.instanceId || !target.object) return;
    const objects = [
      ...new Set([target.object, target.owner].filter((url): url is string => !!url)),
    ];
    const content = report.description ? `${report.reason}: ${report.description}` : report.reason;
    await ctx.jobs.enqueue(tx, FLAG_QUEUE, { instanceId: target.instanceId, objects, content });
  });
}

export async function runFlag(ctx: AppContext, payload: unknown): Promise<void> {
  const { instanceId, objects, content } = flagSchema.parse(payload);
  const instance = await findInstance(ctx.db, instanceId);
  if (!instance || instance.blocked) return;
  const context = federationContext(ctx);
  const me = context.getActorUri(INSTANCE_IDENTIFIER);
  await context.sendActivity(
    { identifier: INSTANCE_IDENTIFIER },
    recipientOf(instance),
    new Flag({
      id: new URL(`#flag/${crypto.randomUUID()}`, me),
      actor: me,
      objects: objects.map((url) => new URL(url)),
      content: content.slice(0, 1000),
      to: new URL(instance.actorUrl),
    }),
  );
}

/**
 * Another instance's admins report something of ours: it joins our admins' queues, filed by
 * "admins@their.host" (a row for their instance, like a remote member's), never by a person.
 */
export async function receiveFlag(
  ctx: AppContext,
  _context: InboxContext<AppContext>,
  flag: Flag,
): Promise<void> {
  if (!flag.actorId) return;
  const instance: InstanceRow | undefined = await findInstanceByHost(ctx.db, hostOf(flag.actorId));
  if (!instance || instance.blocked || flag.actorId.href !== instance.actorUrl) return;
  const reporterId = await rememberMember(ctx.db, instance, {
    actorUrl: instance.actorUrl,
    username: 'admins',
    name: instance.name ? `${instance.name} admins` : null,
    profileUrl: instance.baseUrl,
    reliabilityUrl: null,
  });
  const description = (flag.content?.toString() ?? '').slice(0, 1000) || null;
  const ours = new URL(ctx.config.publicUrl).host;
  for (const object of flag.objectIds) {
    if (object.host !== ours) continue;
    const listing = /^\/item\/(\d+)$/.exec(object.pathname);
    if (listing) {
      const id = Number(listing[1]);
      const [item] = await ctx.db
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.id, id), isNull(items.originInstanceId)));
      if (item && object.href === listingUrl(ctx.config.publicUrl, id).href)
        await ctx.db
          .insert(flaggedItems)
          .values({ userId: reporterId, itemId: item.id, reason: 'Other', description })
          .onConflictDoNothing();
      continue;
    }
    const actor = /^\/ap\/actors\/([0-9a-f-]{36})$/.exec(object.pathname);
    const [member] = actor
      ? await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, actor[1] as string), isNull(users.originInstanceId)))
      : [];
    if (member)
      await ctx.db
        .insert(memberReports)
        .values({ reporterId, memberId: member.id, reason: 'other', description })
        .onConflictDoNothing();
  }
}
