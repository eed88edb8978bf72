import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { type FollowState, type InstanceRow, instances } from '../../db/schema/federation.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import { listingsChanged } from '../items/listing-changes.js';

/** Where an activity for an instance goes: its actor, inbox and shared inbox. */
export const recipientOf = (instance: InstanceRow) => ({
  id: new URL(instance.actorUrl),
  inboxId: new URL(instance.inboxUrl),
  endpoints: instance.sharedInboxUrl ? { sharedInbox: new URL(instance.sharedInboxUrl) } : null,
});

/** `host[:port]` of a URL, as instances are known by. */
export const hostOf = (url: string | URL) => new URL(url).host.toLowerCase();

export async function findInstanceByHost(
  db: Executor,
  host: string,
): Promise<InstanceRow | undefined> {
  const [row] = await db.select().from(instances).where(eq(instances.host, host.toLowerCase()));
  return row;
}

export async function findInstance(db: Executor, id: number): Promise<InstanceRow | undefined> {
  const [row] = await db.select().from(instances).where(eq(instances.id, id));
  return row;
}

/** What an instance actor says of itself: where to deliver to it, and its name. */
export type InstanceActor = {
  actorUrl: string;
  inboxUrl: string;
  sharedInboxUrl: string | null;
  name: string | null;
};

/**
 * The instance at `baseUrl`, known from its actor: inserted the first time, its actor's addresses
 * and name refreshed every time after. One row per host.
 */
export async function rememberInstance(
  db: Executor,
  baseUrl: string,
  actor: InstanceActor,
): Promise<InstanceRow> {
  const host = hostOf(actor.actorUrl);
  const [row] = await db
    .insert(instances)
    .values({
      host,
      baseUrl: new URL(baseUrl).origin,
      actorUrl: actor.actorUrl,
      inboxUrl: actor.inboxUrl,
      sharedInboxUrl: actor.sharedInboxUrl,
      name: actor.name,
    })
    .onConflictDoUpdate({
      target: instances.host,
      set: {
        actorUrl: actor.actorUrl,
        inboxUrl: actor.inboxUrl,
        sharedInboxUrl: actor.sharedInboxUrl,
        name: actor.name,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error(`instance ${host} was not stored`);
  return row;
}

export async function setFollowState(
  db: Executor,
  id: number,
  side: 'following' | 'follower',
  state: FollowState,
  activityId?: string | null,
): Promise<void> {
  await db
    .update(instances)
    .set(
      side === 'following'
        ? { following: state, ourFollowId: activityId, updatedAt: sql`now()` }
        : { follower: state, theirFollowId: activityId, updatedAt: sql`now()` },
    )
    .where(eq(instances.id, id));
}

/**
 * Takes every listing and member of an instance off this one (an unfollow or a block): their
 * listings leave search, matches and wants lists through the one path of a listing change, in
 * the same transaction as their rows go. Nothing of a member of ours is touched.
 */
export async function forgetInstanceContent(
  ctx: AppContext,
  tx: Transaction,
  instanceId: number,
): Promise<number> {
  const listed = await tx
    .select({ id: items.id, userId: items.userId })
    .from(items)
    .where(eq(items.originInstanceId, instanceId));
  await listingsChanged(ctx, tx, 'deleted', listed);
  if (listed.length > 0)
    await tx.delete(items).where(
      inArray(
        items.id,
        listed.map((listing) => listing.id),
      ),
    );
  await tx.delete(users).where(eq(users.originInstanceId, instanceId));
  return listed.length;
}

/** Instances that follow us (accepted) and are not blocked: where our listings go. */
export async function followerInstances(db: Executor): Promise<InstanceRow[]> {
  return db
    .select()
    .from(instances)
    .where(and(eq(instances.follower, 'accepted'), eq(instances.blocked, false)));
}

/** Records how a delivery to `host` went (the admin screen shows the last success and failures). */
export async function recordDelivery(db: Executor, host: string, ok: boolean): Promise<void> {
  await db
    .update(instances)
    .set(
      ok
        ? { lastDeliveryAt: sql`now()`, failures: 0 }
        : { failures: sql`${instances.failures} + 1` },
    )
    .where(eq(instances.host, host));
}
