import { Application, Follow, Service, Undo } from '@fedify/vocab';
import { count, eq, sql } from 'drizzle-orm';
import type { Instance, UpdateInstance } from '../../../shared/federation.js';
import type { AppContext } from '../../context.js';
import { type InstanceRow, instances } from '../../db/schema/federation.js';
import { items } from '../../db/schema/items.js';
import { transact } from '../../db/transact.js';
import { AppError } from '../../errors.js';
import { answerFollow } from './inbox.js';
import {
  findInstance,
  forgetInstanceContent,
  hostOf,
  pendingFollowId,
  recipientOf,
  rememberInstance,
  setFollowState,
} from './instances.js';
import { INSTANCE_ACTOR_PATH, INSTANCE_IDENTIFIER } from './paths.js';
import { checkOutboundUrl } from './remote-fetch.js';
import { federationContext } from './runtime.js';

export const INSTANCE_NOT_FOUND = 'Instance not found';

function present(row: InstanceRow, listings: number): Instance {
  return {
    id: row.id,
    host: row.host,
    url: row.baseUrl,
    name: row.name,
    following: row.following,
    follower: row.follower,
    blocked: row.blocked,
    listings,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    failures: row.failures,
  };
}

async function listingsHeld(ctx: AppContext, instanceId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(items)
    .where(eq(items.originInstanceId, instanceId));
  return row?.n ?? 0;
}

export async function listInstances(ctx: AppContext): Promise<Instance[]> {
  const rows = await ctx.db.select().from(instances).orderBy(instances.host);
  const held = await ctx.db
    .select({ id: items.originInstanceId, n: count() })
    .from(items)
    .where(sql`${items.originInstanceId} is not null`)
    .groupBy(items.originInstanceId);
  const byInstance = new Map(held.map((row) => [row.id, row.n]));
  return rows.map((row) => present(row, byInstance.get(row.id) ?? 0));
}

async function presentOne(ctx: AppContext, id: number): Promise<Instance> {
  const row = await findInstance(ctx.db, id);
  if (!row) throw new AppError(404, INSTANCE_NOT_FOUND);
  return present(row, await listingsHeld(ctx, id));
}

/**
 * Follows the SwapMarket instance at `url`: its instance actor is read (and must answer at
 * INSTANCE_ACTOR_PATH), then our instance actor sends it a Follow. Its listings arrive once it
 * accepts. 400 when nothing there answers as a SwapMarket instance.
 */
export async function followInstance(ctx: AppContext, url: string): Promise<Instance> {
  const base = new URL(url);
  if (base.host === new URL(ctx.config.publicUrl).host)
    throw new AppError(400, 'This is this instance’s own address');
  if (base.protocol !== 'https:' && !ctx.config.federation.allowPrivate)
    throw new AppError(400, 'Other instances are followed over https');
  const context = federationContext(ctx);
  const actorUrl = new URL(INSTANCE_ACTOR_PATH, base.origin);
  // The address is checked as every outbound fetch is (public, https) before Fedify reads it.
  await checkOutboundUrl(actorUrl, ctx.config.federation.allowPrivate).catch(() => {
    throw new AppError(400, `${base.origin} is not a public https address`);
  });
  const actor = await context.lookupObject(actorUrl).catch(() => null);
  if (!(actor instanceof Application || actor instanceof Service) || !actor.id || !actor.inboxId)
    throw new AppError(400, `No SwapMarket instance answered at ${base.origin}`);
  if (hostOf(actor.id) !== base.host)
    throw new AppError(400, `The instance at ${base.origin} names another address`);
  const existing = await ctx.db.select().from(instances).where(eq(instances.host, base.host));
  if (existing[0]?.blocked)
    throw new AppError(409, 'This instance is blocked; unblock it before following it');
  const instance = await rememberInstance(ctx.db, base.origin, {
    actorUrl: actor.id.href,
    inboxUrl: actor.inboxId.href,
    sharedInboxUrl: actor.endpoints?.sharedInbox?.href ?? null,
    name: actor.name?.toString() ?? null,
  });
  if (instance.following !== 'accepted') {
    const me = context.getActorUri(INSTANCE_IDENTIFIER);
    const followId = await pendingFollowId(
      ctx.db,
      instance.id,
      new URL(`#follow/${crypto.randomUUID()}`, me).href,
    );
    const follow = new Follow({ id: new URL(followId), actor: me, object: actor.id, to: actor.id });
    await context.sendActivity({ identifier: INSTANCE_IDENTIFIER }, recipientOf(instance), follow);
  }
  return presentOne(ctx, instance.id);
}

/** An admin answers an instance's follow, or blocks or unblocks it. */
export async function updateInstance(
  ctx: AppContext,
  id: number,
  change: UpdateInstance,
): Promise<Instance> {
  const instance = await findInstance(ctx.db, id);
  if (!instance) throw new AppError(404, INSTANCE_NOT_FOUND);
  const context = federationContext(ctx);
  if (change.blocked !== undefined && change.blocked !== instance.blocked) {
    await transact(ctx.db, async (tx) => {
      await tx
        .update(instances)
        .set(
          change.blocked
            ? { blocked: true, following: 'none', follower: 'none', updatedAt: sql`now()` }
            : { blocked: false, updatedAt: sql`now()` },
        )
        .where(eq(instances.id, id));
      // Everything of theirs leaves at once: listings (search, matches, wants) and members.
      if (change.blocked) await forgetInstanceContent(ctx, tx, id);
    });
  }
  if (change.follower !== undefined && !change.blocked) {
    if (instance.follower === 'none' || !instance.theirFollowId)
      throw new AppError(409, 'This instance has not asked to follow this one');
    if (instance.blocked && change.blocked !== false)
      throw new AppError(409, 'This instance is blocked');
    await setFollowState(ctx.db, id, 'follower', change.follower, instance.theirFollowId);
    await answerFollow(
      context,
      instance,
      new URL(instance.theirFollowId),
      change.follower === 'accepted' ? 'accept' : 'reject',
    );
  }
  return presentOne(ctx, id);
}

/** Stops following an instance: an Undo of our Follow, and its listings leave. */
export async function unfollowInstance(ctx: AppContext, id: number): Promise<void> {
  const instance = await findInstance(ctx.db, id);
  if (!instance) throw new AppError(404, INSTANCE_NOT_FOUND);
  await transact(ctx.db, async (tx) => {
    await setFollowState(tx, id, 'following', 'none', null);
    await forgetInstanceContent(ctx, tx, id);
  });
  if (instance.ourFollowId && instance.following !== 'none' && !instance.blocked) {
    const context = federationContext(ctx);
    const me = context.getActorUri(INSTANCE_IDENTIFIER);
    await context.sendActivity(
      { identifier: INSTANCE_IDENTIFIER },
      recipientOf(instance),
      new Undo({
        id: new URL(`#undo/${crypto.randomUUID()}`, me),
        actor: me,
        object: new Follow({
          id: new URL(instance.ourFollowId),
          actor: me,
          object: new URL(instance.actorUrl),
        }),
        to: new URL(instance.actorUrl),
      }),
    );
  }
}
