import { eq } from 'drizzle-orm';
import {
  bannedWordMessage,
  type CreateItem,
  findBannedWord,
  type Item,
  type ItemsQuery,
  type UpdateItem,
} from '../../../shared/items.js';
import type { AppContext } from '../../context.js';
import { categories } from '../../db/schema/catalog.js';
import { items } from '../../db/schema/items.js';
import type { UserRow } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import { type ImageVariants, isDataUrl, processUpload } from '../images/image-processing.js';
import { countUpload, deleteImages, storeImage } from '../images/images.service.js';
import { presentItem } from './items.presenter.js';
import { findItem, findItems } from './items.queries.js';

export const ITEM_NOT_FOUND = 'Item not found';

function refuseBannedWords(input: { title: string; description: string }): void {
  const word = findBannedWord(input.title) ?? findBannedWord(input.description);
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

export async function listItems(
  ctx: AppContext,
  query: ItemsQuery,
  viewer: UserRow | null,
): Promise<Item[]> {
  const rows = await findItems(ctx.db, query, viewer?.id ?? null);
  return rows.map((row) => presentItem(row, { summary: true }));
}

export async function getItem(ctx: AppContext, id: number): Promise<Item> {
  const row = await findItem(ctx.db, id);
  if (!row) throw new AppError(404, ITEM_NOT_FOUND);
  return presentItem(row);
}

export async function createItem(
  ctx: AppContext,
  owner: UserRow,
  input: CreateItem,
): Promise<Item> {
  refuseBannedWords(input);
  await requireCategory(ctx, input.categoryId);
  if (!input.images.every(isDataUrl)) {
    throw new AppError(400, 'New photos must be uploaded as image data');
  }
  if (input.images.length > 0) await countUpload(ctx, owner.id);
  const uploads = await processUploads(input.images);
  const coordinates = await ctx.geocode(input.location);
  // Images and the item land together or not at all: no item points at a missing picture.
  const id = await ctx.db.transaction(async (tx) => {
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
        wantedItems: input.isOpenToOffers ? null : input.wantedItems,
        estimatedValue: input.estimatedValue,
        isOpenToOffers: input.isOpenToOffers,
        location: input.location,
        latitude: coordinates?.latitude ?? null,
        longitude: coordinates?.longitude ?? null,
      })
      .returning({ id: items.id });
    if (!created) throw new Error('item insert returned nothing');
    return created.id;
  });
  ctx.events.itemsChanged();
  return getItem(ctx, id);
}

async function ownedItem(ctx: AppContext, actor: UserRow, id: number) {
  const [item] = await ctx.db.select().from(items).where(eq(items.id, id)).limit(1);
  if (!item) throw new AppError(404, ITEM_NOT_FOUND);
  if (item.userId !== actor.id) throw new AppError(403, 'You can only change your own listings');
  return item;
}

export async function updateItem(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  input: UpdateItem,
): Promise<Item> {
  const current = await ownedItem(ctx, actor, id);
  refuseBannedWords(input);
  await requireCategory(ctx, input.categoryId);
  // Existing pictures are kept by URL; anything else must be a new upload.
  const kept = input.images.filter((ref) => !isDataUrl(ref));
  if (kept.some((url) => !current.images.includes(url))) {
    throw new AppError(400, 'Photos must be new uploads or pictures this item already has');
  }
  const newPhotos = input.images.filter(isDataUrl);
  if (newPhotos.length > 0) await countUpload(ctx, actor.id);
  const uploads = await processUploads(newPhotos);
  const coordinates =
    input.location === current.location
      ? { latitude: current.latitude, longitude: current.longitude }
      : await ctx.geocode(input.location);

  await ctx.db.transaction(async (tx) => {
    const added: string[] = [];
    for (const upload of uploads) added.push(await storeImage(tx, actor.id, upload));
    let next = 0;
    const images = input.images.map((ref) => (isDataUrl(ref) ? (added[next++] ?? ref) : ref));
    await tx
      .update(items)
      .set({
        title: input.title,
        description: input.description,
        categoryId: input.categoryId,
        condition: input.condition,
        images,
        wantedItems: input.isOpenToOffers ? null : input.wantedItems,
        estimatedValue:
          input.estimatedValue === undefined ? current.estimatedValue : input.estimatedValue,
        isOpenToOffers: input.isOpenToOffers,
        location: input.location,
        latitude: coordinates?.latitude ?? null,
        longitude: coordinates?.longitude ?? null,
        updatedAt: new Date(),
      })
      .where(eq(items.id, id));
    await deleteImages(
      tx,
      current.images.filter((url) => !kept.includes(url)),
    );
  });
  ctx.events.itemsChanged();
  return getItem(ctx, id);
}

export async function deleteItem(ctx: AppContext, actor: UserRow, id: number): Promise<void> {
  const current = await ownedItem(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(items).where(eq(items.id, id));
    await deleteImages(tx, current.images);
  });
  ctx.events.itemsChanged();
}

/** For the diagnostics pages: the same search, with counts and timing, and nothing internal. */
export async function debugSearch(ctx: AppContext, query: ItemsQuery, viewer: UserRow | null) {
  const started = performance.now();
  const found = await listItems(ctx, query, viewer);
  return {
    items: found,
    searchParams: {
      search: query.search ?? null,
      categoryId: query.categoryId ?? null,
      userId: query.userId ?? null,
      location: query.location ?? null,
      condition: query.condition ?? null,
      limit: query.limit,
      offset: query.offset,
    },
    debug: { count: found.length, durationMs: Math.round((performance.now() - started) * 10) / 10 },
  };
}
