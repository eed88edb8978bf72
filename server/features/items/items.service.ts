import { and, eq, isNull, sql } from 'drizzle-orm';
import { modeChangedReason } from '../../../shared/giveaways.js';
import {
  bannedWordMessage,
  type CreateItem,
  FAIR_CHANCE_HOURS,
  findBannedWord,
  type ListingMode,
  type UpdateItem,
} from '../../../shared/items.js';
import type { Actor } from '../../../shared/policies/decision.js';
import { canCreateItem, canDeleteItem, canEditItem } from '../../../shared/policies/items.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { categories } from '../../db/schema/catalog.js';
import { items, savedItems } from '../../db/schema/items.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import { refuseBlockedPhotos } from '../images/blocked-photos.js';
import { type ImageVariants, isDataUrl, processUpload } from '../images/image-processing.js';
import { countUpload, deleteImages, storeImage } from '../images/images.service.js';
import { closeOpenOffers, ITEM_NOT_FOUND, isNamedByTrade } from './availability.js';
import { listingsChanged } from './listing-changes.js';
import { findItem, type ItemRow } from './listing-reads.js';
import { flagReusedPhotos } from './photo-reuse.js';
import { locationColumns } from './public-location.js';

export { ITEM_NOT_FOUND };

function secretOf(ctx: AppContext): string {
  if (!ctx.config.sessionSecret) throw new Error('SESSION_SECRET was not resolved');
  return ctx.config.sessionSecret;
}

/**
 * What a listing's mode makes of the form's other fields. A give-away wants nothing back: no
 * wanted items, not open to offers, and a fair chance (the one asked for, else the one it had,
 * else FAIR_CHANCE_HOURS.default). A swap has no fair chance (null).
 */
function modeColumns(
  mode: ListingMode,
  asked: { fairChanceHours?: number; wantedItems?: string | null; isOpenToOffers?: boolean },
  kept: number | null = null,
  was: ListingMode | null = null,
) {
  if (mode === 'giveaway') {
    return {
      mode,
      fairChanceHours: asked.fairChanceHours ?? kept ?? FAIR_CHANCE_HOURS.default,
      // The fair chance starts when the listing becomes a give-away (created as one or switched
      // to one); an edit that keeps it a give-away keeps its start, whatever hours it sets.
      ...(was === 'giveaway' ? {} : { giveawaySince: new Date() }),
      wantedItems: null,
      isOpenToOffers: false,
    };
  }
  return {
    mode,
    fairChanceHours: null,
    giveawaySince: null,
    wantedItems: asked.isOpenToOffers ? null : asked.wantedItems,
    isOpenToOffers: asked.isOpenToOffers,
  };
}

/** What an edit may write: a full edit (PUT) sets them all, a moderator's edit a few. */
export type ItemChanges = Partial<Omit<UpdateItem, 'estimatedValue'>> & {
  estimatedValue?: string | null;
};

function refuseBannedWords(ctx: AppContext, input: { title?: string; description?: string }): void {
  const extra = ctx.config.bannedWordsExtra;
  const word =
    findBannedWord(input.title ?? '', extra) ?? findBannedWord(input.description ?? '', extra);
  if (word) throw new AppError(400, bannedWordMessage(word));
}

async function requireCategory(ctx: AppContext, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [found] = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!found) throw new AppError(400, 'Please select a category');
}

/** One at a time: decoding is CPU-heavy and a burst of five must not starve other requests. */
async function processUploads(dataUrls: string[]): Promise<ImageVariants[]> {
  const processed: ImageVariants[] = [];
  for (const dataUrl of dataUrls) processed.push(await processUpload(dataUrl));
  return processed;
}

/**
 * A listing with its owner, category and rating; 404 when there is none, or when its owner is
 * suspended and the viewer is not an admin.
 */
export async function loadItem(
  ctx: AppContext,
  id: number,
  viewer: Actor | null = null,
): Promise<ItemRow> {
  const row = await findItem(ctx.db, id);
  if (!row || (row.owner.suspendedAt !== null && !viewer?.isAdmin))
    throw new AppError(404, ITEM_NOT_FOUND);
  return row;
}

/** The bare row, for decisions; 404 when there is none (a deleted listing is none). */
async function itemForChange(ctx: AppContext, id: number) {
  const [item] = await ctx.db
    .select()
    .from(items)
    .where(and(eq(items.id, id), isNull(items.deletedAt)))
    .limit(1);
  if (!item) throw new AppError(404, ITEM_NOT_FOUND);
  return item;
}

/** What the items policy reads of a row. */
const factsOf = (row: { userId: string; isActive: boolean; reservedBy: string | null }) => ({
  userId: row.userId,
  isActive: row.isActive,
  isReserved: row.reservedBy !== null,
});

/**
 * The listing's row locked for the change, its facts read again under the lock: a trade that
 * reserved it meanwhile (a circle's last accept locks the listings first, items/availability.ts)
 * has committed by now, so the policy sees the reservation, and no trade reserves it until this
 * change commits. 404 when it was deleted meanwhile.
 */
async function lockForChange(tx: Transaction, id: number) {
  const [locked] = await tx
    .select({
      userId: items.userId,
      isActive: items.isActive,
      reservedBy: items.reservedBy,
      images: items.images,
      mode: items.mode,
      fairChanceHours: items.fairChanceHours,
    })
    .from(items)
    .where(and(eq(items.id, id), isNull(items.deletedAt)))
    .for('update');
  if (!locked) throw new AppError(404, ITEM_NOT_FOUND);
  return locked;
}

/**
 * New listings per member and day (issue 36 §2): each one enters the want graph and everyone's
 * matches, so one member cannot flood them. Counted in PostgreSQL like every other limit, once
 * the listing is otherwise acceptable.
 */
function consumeListingAllowance(ctx: AppContext, owner: Actor): Promise<void> {
  const limit = ctx.config.rateLimits.listingsPerDay;
  return ctx.rateLimiter.consume(
    { key: `listings:user:${owner.id}`, limit, windowMs: 24 * 60 * 60 * 1000 },
    `You can list at most ${limit} items a day. Please wait before listing more.`,
  );
}

/** Lists an item for `owner`; returns its id. */
export async function createItem(
  ctx: AppContext,
  owner: Actor,
  input: CreateItem,
): Promise<number> {
  enforce(canCreateItem(owner));
  refuseBannedWords(ctx, input);
  await requireCategory(ctx, input.categoryId);
  if (!input.images.every(isDataUrl)) {
    throw new AppError(400, 'New photos must be uploaded as image data');
  }
  await consumeListingAllowance(ctx, owner);
  if (input.images.length > 0) await countUpload(ctx, owner.id);
  const uploads = await processUploads(input.images);
  await refuseBlockedPhotos(ctx.db, uploads);
  const located = await ctx.geocode(input.location);
  // Images and the item land together or not at all: no item points at a missing picture.
  const id = await transact(ctx.db, async (tx) => {
    const urls: string[] = [];
    for (const upload of uploads) urls.push(await storeImage(tx, owner.id, upload));
    const [created] = await tx
      .insert(items)
      .values({
        title: input.title,
        description: input.description,
        categoryId: input.categoryId,
        condition: input.condition,
        images: urls,
        userId: owner.id,
        estimatedValue: input.estimatedValue,
        ...modeColumns(input.mode, input),
        ...locationColumns(secretOf(ctx), owner.id, located),
      })
      .returning({ id: items.id });
    if (!created) throw new Error('item insert returned nothing');
    await flagReusedPhotos(tx, { id: created.id, userId: owner.id }, urls);
    await listingsChanged(ctx, tx, 'created', [{ id: created.id, userId: owner.id }]);
    return created.id;
  });
  return id;
}

const definedKeys = (changes: object) =>
  Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);

/**
 * Changes a listing: its owner any field (the edit form writes them all), an admin the fields
 * SPEC §6 allows. Pictures are kept by URL or arrive as new uploads; replaced ones are deleted
 * in the same transaction.
 */
export async function updateItem(
  ctx: AppContext,
  actor: Actor,
  id: number,
  changes: ItemChanges,
): Promise<void> {
  const current = await itemForChange(ctx, id);
  enforce(canEditItem(actor, factsOf(current), definedKeys(changes)));
  refuseBannedWords(ctx, changes);
  if (changes.categoryId !== undefined) await requireCategory(ctx, changes.categoryId);

  let keptImages = current.images;
  let uploads: ImageVariants[] = [];
  if (changes.images) {
    keptImages = changes.images.filter((ref) => !isDataUrl(ref));
    if (keptImages.some((url) => !current.images.includes(url))) {
      throw new AppError(400, 'Photos must be new uploads or pictures this item already has');
    }
    const newPhotos = changes.images.filter(isDataUrl);
    if (newPhotos.length > 0) await countUpload(ctx, actor.id);
    uploads = await processUploads(newPhotos);
    // The refused photo is named by its place in the edit's `images`, as the form sent them.
    await refuseBlockedPhotos(
      ctx.db,
      uploads,
      changes.images.flatMap((ref, i) => (isDataUrl(ref) ? [i] : [])),
    );
  }
  // The form shows the place's name (`location`); sent back as it was, the listing stays put.
  const moved = changes.location !== undefined && changes.location !== current.location;
  const located = moved ? await ctx.geocode(changes.location ?? null) : undefined;

  await transact(ctx.db, async (tx) => {
    const locked = await lockForChange(tx, id);
    enforce(canEditItem(actor, factsOf(locked), definedKeys(changes)));
    const set: Partial<typeof items.$inferInsert> = {
      title: changes.title,
      description: changes.description,
      categoryId: changes.categoryId,
      condition: changes.condition,
      estimatedValue: changes.estimatedValue,
      // Left out (SPEC §7's body, a moderator's edit), the mode stays as it is.
      ...modeColumns(
        changes.mode ?? locked.mode,
        changes,
        locked.mode === 'giveaway' ? locked.fairChanceHours : null,
        locked.mode,
      ),
      updatedAt: new Date(),
    };
    if (moved) Object.assign(set, locationColumns(secretOf(ctx), current.userId, located ?? null));
    const added: string[] = [];
    if (changes.images) {
      for (const upload of uploads) added.push(await storeImage(tx, actor.id, upload));
      let next = 0;
      set.images = changes.images.map((ref) => (isDataUrl(ref) ? (added[next++] ?? ref) : ref));
    }
    await tx.update(items).set(set).where(eq(items.id, id));
    if (added.length > 0) await flagReusedPhotos(tx, { id, userId: current.userId }, added);
    await listingsChanged(ctx, tx, 'updated', [{ id, userId: current.userId }]);
    // A swap's offers are no request for a give-away, nor the other way round: a listing that
    // changes mode closes its open offers (none is accepted: a held listing cannot be edited).
    if (changes.mode && changes.mode !== locked.mode) {
      await closeOpenOffers(ctx, tx, [id], { reason: modeChangedReason(changes.mode) });
    }
    await deleteImages(
      tx,
      current.images.filter((url) => !keptImages.includes(url)),
    );
  });
}

/**
/**
 * Deletes a listing: its owner, or an admin moderating, in which case `reason` tells the owner
 * why. A listing no offer names goes for real, pictures and all. One that an offer names is
 * hidden instead (history is kept): it leaves the market, its owner's listings and every
 * wishlist, keeps its title and first photo for the offer cards, chats and ratings of both
 * members, and its open offers are closed.
 */
export async function deleteItem(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reason = 'Removed by a moderator',
): Promise<void> {
  const current = await itemForChange(ctx, id);
  enforce(canDeleteItem(actor, factsOf(current)));
  await transact(ctx.db, async (tx) => {
    // The row lock makes a concurrent offer (which holds the listing FOR SHARE) or trade finish
    // first; a reservation it made refuses the owner now.
    const locked = await lockForChange(tx, id);
    enforce(canDeleteItem(actor, factsOf(locked)));
    if (actor.id !== current.userId) {
      await ctx.hooks.emit(tx, 'listing.removed', {
        itemId: id,
        ownerId: current.userId,
        title: current.title,
        reason,
      });
    }
    await listingsChanged(ctx, tx, 'deleted', [{ id, userId: current.userId }]);
    await removeListing(ctx, tx, id, locked.images);
  });
}

/**
 * The listing `id` (locked by the caller, its deletion announced) goes for real with its
 * `images`, or is hidden with its first photo when a trade names it; its open offers close.
 */
export async function removeListing(
  ctx: AppContext,
  tx: Transaction,
  id: number,
  images: readonly string[],
): Promise<void> {
  if (!(await isNamedByTrade(tx, id))) {
    await tx.delete(items).where(eq(items.id, id));
    await deleteImages(tx, [...images]);
    return;
  }
  const [kept, ...dropped] = images;
  await tx
    .update(items)
    .set({
      deletedAt: sql`now()`,
      isActive: false,
      reservedBy: null,
      images: kept ? [kept] : [],
      updatedAt: sql`now()`,
    })
    .where(eq(items.id, id));
  await deleteImages(tx, dropped);
  await tx.delete(savedItems).where(eq(savedItems.itemId, id));
  await closeOpenOffers(ctx, tx, [id]);
}
