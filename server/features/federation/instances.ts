import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { type FollowState, type InstanceRow, instances } from '../../db/schema/federation.js';
import { items } from '../../db/schema/items.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { listingsChanged } from '../items/listing-changes.js';
import { agreedListings, markGoneAtHome } from './remote-store.js';

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
  // Prepared (on the connection it runs on): every inbound activity names its instance.
  const [row] = await db
    .select()
    .from(instances)
    .where(eq(instances.host, sql.placeholder('host')))
    .prepare('instance_by_host')
    .execute({ host: host.toLowerCase() });
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
 * Our follow of instance `id` marked pending; the id of the Follow to send it. A follow already
 * pending keeps its id, so that every Follow we send (an admin following again, two at once) is
 * the one the other side answers, whichever arrives last (a new id each time left us waiting on
 * the one it did not answer when two crossed on the way). One statement: two at once take turns
 * on the row, and the second keeps the first's id.
 */
export async function pendingFollowId(db: Executor, id: number, newId: string): Promise<string> {
  const [row] = await db
    .update(instances)
    .set({
      following: 'pending',
      ourFollowId: sql`case when ${instances.following} = 'pending' and ${instances.ourFollowId} is not null then ${instances.ourFollowId} else ${newId} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(instances.id, id))
    .returning({ ourFollowId: instances.ourFollowId });
  return row?.ourFollowId ?? newId;
}

/**
 * Takes every listing and member of an instance off this one (an unfollow or a block): their
 * listings leave search, matches and wants lists through the one path of a listing change, in
 * the same transaction as their rows go. What a swap of a member of ours agreed on stays, as a
 * listing its home removed does (remote-store.ts): the listing, marked gone (off the market for
 * good once the swap lets it go), and the other party's row, so that the swap, its chat and its ratings keep what they were about (no
 * message travels any more: the two no longer follow each other). Open offers with their
 * members go, as they would never be answered.
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
  const agreed = new Set(
    await agreedListings(
      tx,
      listed.map((listing) => listing.id),
    ),
  );
  const gone = listed.filter((listing) => !agreed.has(listing.id));
  const kept = listed.filter((listing) => agreed.has(listing.id));
  await listingsChanged(ctx, tx, 'deleted', gone);
  if (gone.length > 0)
    await tx.delete(items).where(
      inArray(
        items.id,
        gone.map((listing) => listing.id),
      ),
    );
  await markGoneAtHome(
    tx,
    kept.map((listing) => listing.id),
  );
  // Their members go with their open offers; those a swap agreed with stay (their row only).
  await tx.execute(sql`
    delete from ${users} u
     where u.origin_instance_id = ${instanceId}
       and not exists (select 1 from ${swapRequests} r
                        where (r.from_user_id = u.id or r.to_user_id = u.id)
                          and r.status in ('accepted', 'completed', 'cancelled'))`);
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
