import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { queryPrepared } from '../../db/prepared.js';
import { categories } from '../../db/schema/catalog.js';
import { type InstanceRow, remotePhotos, remoteWants } from '../../db/schema/federation.js';
import { items } from '../../db/schema/items.js';
import { swapRequestItems, swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { transact } from '../../db/transact.js';
import { uniqueViolation } from '../../errors.js';
import type { Subscribe } from '../../infra/features.js';
import { deleteImages } from '../images/images.service.js';
import { factsOf, listingsChanged } from '../items/listing-changes.js';
import { setRemoteWants } from '../matching/matching.service.js';
import { nicknameKey } from '../users/nickname-key.js';
import { hostOf } from './instances.js';
import type { RemoteListing } from './listing-object.js';
import { listingUrl } from './paths.js';

/** What this instance keeps of a member of another: their name and where they live. */
export type RemoteMember = {
  actorUrl: string;
  /** `preferredUsername` at home. */
  username: string;
  name: string | null;
  profileUrl: string | null;
  /** Where home reports their reliability (issue 39 §3), on the actor's own host; else null. */
  reliabilityUrl: string | null;
};

/** The address a remote member's row carries: never routable (RFC 2606), never verified. */
const remoteEmail = (id: string) => `${id}@remote.invalid`;
/** No password hash has this form: a remote member's row can never sign in. */
const NO_PASSWORD = '!remote';

/**
 * The local row of a member of another instance, made the first time one of their listings
 * arrives, their name and profile kept up to date after. Shown as `username@host`.
 */
export async function rememberMember(
  db: Executor,
  instance: InstanceRow,
  member: RemoteMember,
): Promise<string> {
  const username = member.username.replace(/[@\s]/g, '').slice(0, 60) || 'member';
  const nickname = `${username}@${instance.host}`;
  const values = {
    nickname,
    nicknameKey: nicknameKey(nickname),
    firstName: member.name?.slice(0, 60) ?? null,
    profileUrl: member.profileUrl,
    reliabilityUrl: member.reliabilityUrl,
  };
  const [known] = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      nicknameKey: users.nicknameKey,
      firstName: users.firstName,
      profileUrl: users.profileUrl,
      reliabilityUrl: users.reliabilityUrl,
    })
    .from(users)
    .where(eq(users.actorUrl, sql.placeholder('actorUrl')))
    // Prepared (on the connection it runs on): every listing that arrives names its owner.
    .prepare('remote_member_by_actor')
    .execute({ actorUrl: member.actorUrl });
  if (known) {
    // Most listings arrive with their owner's name as it was: no write then.
    const same = (Object.keys(values) as Array<keyof typeof values>).every(
      (key) => known[key] === values[key],
    );
    if (!same) await db.update(users).set(values).where(eq(users.id, known.id));
    return known.id;
  }
  const id = randomUUID();
  try {
    await db.insert(users).values({
      id,
      email: remoteEmail(id),
      password: NO_PASSWORD,
      originInstanceId: instance.id,
      actorUrl: member.actorUrl,
      ...values,
    });
  } catch (error) {
    // Two deliveries of a new member's listings at once: the other one made the row.
    if (!uniqueViolation(error)) throw error;
    const [made] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.actorUrl, member.actorUrl));
    if (!made) throw error;
    return made.id;
  }
  return id;
}

/** Our pictures for a listing's photos, those already fetched reused; `fetchPhoto` for the rest. */
export async function photosOf(
  db: Executor,
  ownerId: string,
  sources: readonly URL[],
  fetchPhoto: (source: URL, ownerId: string) => Promise<string>,
): Promise<string[]> {
  if (sources.length === 0) return [];
  const known = await db
    .select()
    .from(remotePhotos)
    .where(
      inArray(
        remotePhotos.sourceUrl,
        sources.map((source) => source.href),
      ),
    );
  const byUrl = new Map(known.map((row) => [row.sourceUrl, row.imageUrl]));
  const urls: string[] = [];
  for (const source of sources) {
    let url = byUrl.get(source.href);
    if (!url) {
      const fetched = await fetchPhoto(source, ownerId);
      const [recorded] = await db
        .insert(remotePhotos)
        .values({ sourceUrl: source.href, imageUrl: fetched })
        .onConflictDoNothing()
        .returning({ imageUrl: remotePhotos.imageUrl });
      url = recorded?.imageUrl;
      if (!url) {
        // Another delivery of the listing fetched it meanwhile: the copy the record names is
        // the one every delivery uses, so the listing never ends up holding a second copy.
        const [kept] = await db
          .select({ imageUrl: remotePhotos.imageUrl })
          .from(remotePhotos)
          .where(eq(remotePhotos.sourceUrl, source.href));
        if (kept) await deleteImages(db, [fetched]);
        url = kept?.imageUrl ?? fetched;
      }
    }
    urls.push(url);
  }
  return urls;
}

/** This instance's ids of the objects a listing wants: our listings and remote ones we hold. */
async function localIdsOf(
  db: Executor,
  publicUrl: string,
  wanted: readonly string[],
): Promise<number[]> {
  const ours = new URL(publicUrl).host;
  const ids: number[] = [];
  for (const href of wanted) {
    const url = new URL(href);
    const own = url.host === ours ? /^\/item\/(\d+)$/.exec(url.pathname) : null;
    if (own) {
      ids.push(Number(own[1]));
      continue;
    }
    const [row] = await db.select({ id: items.id }).from(items).where(eq(items.originUrl, href));
    if (row) ids.push(row.id);
  }
  return [...new Set(ids)];
}

/** The wants of a remote listing as its home named them, all of them, in order. */
async function keepRemoteWants(tx: Executor, itemId: number, wanted: readonly string[]) {
  await tx.delete(remoteWants).where(eq(remoteWants.itemId, itemId));
  if (wanted.length > 0)
    await tx
      .insert(remoteWants)
      .values(wanted.map((wantedUrl, k) => ({ itemId, position: k + 1, wantedUrl })));
}

/**
 * A listing is on this instance's market (arrived from another instance, listed here, or back on
 * the market): the remote listings whose homes named it, and that do not name it here yet, are
 * given their wants again by local ids. Otherwise a want would hold only where the wanted listing
 * arrived first, and a circle through three instances would close on some and not on others.
 */
export function remoteWantsListeners(ctx: AppContext, on: Subscribe): void {
  if (!ctx.config.federation.enabled) return;
  on('item.changed', async (tx, change) => {
    if (change.kind === 'deactivated' || change.kind === 'deleted') return;
    const listing = await factsOf(tx, change);
    if (!listing?.isActive) return;
    const url = listing.originUrl ?? listingUrl(ctx.config.publicUrl, change.itemId).href;
    await nameWhereWanted(ctx, tx, change.itemId, url);
  });
}

async function nameWhereWanted(ctx: AppContext, tx: Transaction, itemId: number, url: string) {
  // Prepared: it runs for every listing that arrives, and planning it cost more than running it.
  const naming = await queryPrepared<{ item_id: number }>(
    tx,
    sql`
    select distinct w.item_id from remote_wants w
     where w.wanted_url = ${url}
       and not exists (select 1 from item_wants i
                        where i.item_id = w.item_id and i.wanted_item_id = ${itemId})
     order by w.item_id`,
  );
  for (const row of naming) {
    const wanting = Number(row.item_id);
    // The listing's row first, as a delivery storing it takes it, then its wants.
    const [held] = await tx
      .select({ id: items.id })
      .from(items)
      .where(eq(items.id, wanting))
      .for('update');
    if (!held) continue;
    const wanted = await tx
      .select({ url: remoteWants.wantedUrl })
      .from(remoteWants)
      .where(eq(remoteWants.itemId, wanting))
      .orderBy(asc(remoteWants.position));
    await setRemoteWants(
      ctx,
      tx,
      wanting,
      await localIdsOf(
        tx,
        ctx.config.publicUrl,
        wanted.map((want) => want.url),
      ),
    );
  }
}

/**
 * Stores a listing of another instance as a local row (created or brought up to date), its wants
 * named by local ids, through the one path of a listing change: it is in search, matches and
 * alerts the moment this commits. Its photos must already be ours (`photos`).
 */
export async function storeRemoteListing(
  ctx: AppContext,
  instance: InstanceRow,
  ownerId: string,
  listing: RemoteListing,
  photos: string[],
): Promise<number> {
  return transact(ctx.db, async (tx) => {
    const point = listing.point;
    const columns = {
      title: listing.title,
      description: listing.description,
      // Ours by the same name, in the write itself (no read of its own for each listing).
      categoryId: listing.categoryName
        ? sql`(select ${categories.id} from ${categories}
                where lower(${categories.name}) = lower(${listing.categoryName}))`
        : null,
      condition: listing.condition,
      images: photos,
      userId: ownerId,
      // A give-away wants nothing back, as one of ours (items.service.ts).
      wantedItems: listing.mode === 'giveaway' ? null : listing.wantedItems,
      estimatedValue: listing.estimatedValue,
      isOpenToOffers: listing.mode === 'swap' && listing.wantedItems === null,
      mode: listing.mode,
      fairChanceHours: listing.fairChanceHours,
      location: listing.location,
      publicLatitude: point?.latitude ?? null,
      publicLongitude: point?.longitude ?? null,
      publicPoint: point ? sql`ll_to_earth(${point.latitude}, ${point.longitude})` : null,
      isActive: true,
      originInstanceId: instance.id,
      originUrl: listing.url,
      updatedAt: new Date(),
    };
    // Most arrive new: one insert, which does nothing when the listing is here already.
    const [created] = await tx
      .insert(items)
      .values({
        ...columns,
        giveawaySince: listing.mode === 'giveaway' ? new Date() : null,
        createdAt: listing.published,
      })
      .onConflictDoNothing({ target: items.originUrl })
      .returning({ id: items.id });
    const held = created ? undefined : await updateHeld(tx, listing, columns, photos);
    const existing = held?.id;
    const id = created?.id ?? existing;
    if (id === undefined) throw new Error('remote listing neither inserted nor found');
    const facts = {
      title: listing.title,
      isActive: held?.isActive ?? true,
      originUrl: listing.url,
      originInstanceId: instance.id,
    };
    await listingsChanged(ctx, tx, existing ? 'updated' : 'created', [
      { id, userId: ownerId, facts },
    ]);
    // A new listing naming nothing has no wants to replace: most arrive so, and skip the writes.
    if (!existing && listing.wants.length === 0) return id;
    await keepRemoteWants(tx, id, listing.wants);
    await setRemoteWants(ctx, tx, id, await localIdsOf(tx, ctx.config.publicUrl, listing.wants));
    return id;
  });
}

/**
 * A remote listing we hold already, brought up to date: its id (undefined if it vanished), and
 * whether it stays off the market: a swap completed here names it, or its home removed it while
 * a swap here held it. An update its home sent before either may arrive after it (deliveries are
 * not in order).
 */
async function updateHeld(
  tx: Transaction,
  listing: RemoteListing,
  columns: PgUpdateSetSource<typeof items>,
  photos: readonly string[],
): Promise<{ id: number; isActive: boolean } | undefined> {
  const [held] = await tx
    .select({ id: items.id, images: items.images, goneAt: items.originGoneAt })
    .from(items)
    .where(eq(items.originUrl, listing.url))
    .for('update');
  if (!held) return undefined;
  // An update sent before the copy was marked gone says nothing of whether it is on the market.
  const { isActive: _isActive, ...content } = columns;
  const swapped = await swappedHere(tx, held.id);
  const [updated] = await tx
    .update(items)
    .set({
      ...(held.goneAt === null ? columns : content),
      ...(swapped ? { isActive: false } : {}),
      // A give-away's fair chance runs from when it became one here (as items.service keeps it).
      giveawaySince:
        listing.mode === 'giveaway' ? sql`coalesce(${items.giveawaySince}, now())` : null,
    })
    .where(eq(items.id, held.id))
    .returning({ isActive: items.isActive });
  // Photos it no longer has: our copies go, and so does their record, or a later listing
  // naming the same source would be given a picture that is gone.
  const dropped = held.images.filter((url) => !photos.includes(url));
  await deleteImages(tx, dropped);
  if (dropped.length > 0)
    await tx.delete(remotePhotos).where(inArray(remotePhotos.imageUrl, dropped));
  return { id: held.id, isActive: updated?.isActive ?? false };
}

/**
 * Removes a listing of another instance that its home deleted or took off the market, at the
 * word of its owner or of their instance (`actorUrl`, whose signature was verified): another
 * member of that instance cannot take it away.
 */
export async function removeRemoteListing(
  ctx: AppContext,
  instance: InstanceRow,
  url: string,
  actorUrl: string,
): Promise<boolean> {
  if (hostOf(url) !== instance.host) return false;
  return transact(ctx.db, async (tx) => {
    const [listing] = await tx
      .select({
        id: items.id,
        userId: items.userId,
        images: items.images,
        ownerActor: users.actorUrl,
      })
      .from(items)
      .innerJoin(users, eq(users.id, items.userId))
      .where(and(eq(items.originUrl, url), eq(items.originInstanceId, instance.id)))
      .for('update', { of: items });
    if (!listing) return false;
    if (actorUrl !== listing.ownerActor && actorUrl !== instance.actorUrl) return false;
    // A swap across instances agreed on it (accepted, or completed: its home took it off the
    // market as the swap completed there): the copy stays for the swap, its chat and ratings.
    // Marked gone, it never comes back on the market (keepGoneCopiesOff): the accepted swap
    // still completes on it here, as it does at home.
    if ((await agreedListings(tx, [listing.id])).length > 0) {
      await markGoneAtHome(tx, [listing.id]);
      return true;
    }
    await listingsChanged(ctx, tx, 'deleted', [listing]);
    await tx.delete(items).where(eq(items.id, listing.id));
    await deleteImages(tx, listing.images);
    await tx.delete(remotePhotos).where(inArray(remotePhotos.imageUrl, listing.images));
    return true;
  });
}

/** Copies a swap keeps whose home no longer offers them (removed there, or it was unfollowed). */
export async function markGoneAtHome(tx: Transaction, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx
    .update(items)
    .set({ originGoneAt: sql`coalesce(${items.originGoneAt}, now())` })
    .where(inArray(items.id, [...itemIds]));
}

/**
 * A copy gone at home stays for the swap that agreed on it; once that swap lets it go (cancelled,
 * closed) it goes off the market for good, as no later delivery will say it is gone. A completed
 * swap takes it off the market itself.
 */
export function goneCopyListeners(ctx: AppContext, on: Subscribe): void {
  if (!ctx.config.federation.enabled) return;
  on('item.changed', async (tx, change) => {
    if (change.kind !== 'released') return;
    const [copy] = await tx
      .update(items)
      .set({ isActive: false, updatedAt: sql`now()` })
      .where(
        and(
          eq(items.id, change.itemId),
          isNotNull(items.originGoneAt),
          eq(items.isActive, true),
          isNull(items.reservedBy),
        ),
      )
      .returning({ id: items.id, userId: items.userId });
    if (copy) await listingsChanged(ctx, tx, 'deactivated', [copy]);
  });
}

/** Whether a completed swap here names the listing. */
async function swappedHere(tx: Transaction, itemId: number): Promise<boolean> {
  const { rows } = await tx.execute<{ swapped: boolean }>(sql`
    select exists (select 1 from ${swapRequestItems} l
                     join ${swapRequests} r on r.id = l.request_id
                    where l.item_id = ${itemId} and r.status = 'completed') as swapped`);
  return rows[0]?.swapped === true;
}

/** Those of `itemIds` that an accepted or completed swap names. */
export async function agreedListings(
  tx: Transaction,
  itemIds: readonly number[],
): Promise<number[]> {
  if (itemIds.length === 0) return [];
  const { rows } = await tx.execute<{ item_id: number }>(sql`
    select distinct l.item_id from ${swapRequestItems} l
      join ${swapRequests} r on r.id = l.request_id
     where l.item_id in ${sql`(${sql.join(
       itemIds.map((id) => sql`${id}`),
       sql`, `,
     )})`}
       and r.status in ('accepted', 'completed')`);
  return rows.map((row) => Number(row.item_id));
}

/** A remote member's local id by actor, when their row exists. */
export async function memberByActor(db: Executor, actorUrl: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.actorUrl, actorUrl), isNull(users.suspendedAt)));
  return row?.id;
}
