import { desc, eq, sql } from 'drizzle-orm';
import { PHOTO_NOT_ALLOWED } from '../../../shared/blocked-images.js';
import type { Actor } from '../../../shared/policies/decision.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { blockedImages, imageHashes, images } from '../../db/schema/images.js';
import { items } from '../../db/schema/items.js';
import { AppError, uniqueViolation } from '../../errors.js';
import type { ImageVariants } from './image-processing.js';
import { imageIdFromUrl, imageUrl } from './images.service.js';
import { photoHash, SAME_PHOTO_MAX_DISTANCE } from './photo-hash.js';

export { PHOTO_NOT_ALLOWED };

/** `hash` column within the same-photo distance of `other` (PostgreSQL 14+'s bit_count). */
export const sameHash = (column: unknown, other: unknown) =>
  sql`bit_count((${column} # ${other})::bit(64)) <= ${SAME_PHOTO_MAX_DISTANCE}`;

const bigintArray = (hashes: bigint[]) =>
  sql`array[${sql.join(
    hashes.map((h) => sql`${String(h)}::bigint`),
    sql`, `,
  )}]::bigint[]`;

/**
 * Refuses the upload when one of its photos is (perceptually) a photo an admin blocked: 400 with
 * `photo`, the refused photo's place in `positions` (its index in the request's `images`), so
 * the form can say which one. One query over the blocked list for all of them.
 */
export async function refuseBlockedPhotos(
  db: Executor,
  uploads: ImageVariants[],
  positions: number[] = uploads.map((_, i) => i),
): Promise<void> {
  const hashed = uploads.flatMap((u, i) => (u.hash == null ? [] : [{ i, hash: u.hash }]));
  if (hashed.length === 0) return;
  const { rows } = await db.execute<{ n: string }>(sql`
    select u.n from unnest(${bigintArray(hashed.map((h) => h.hash))}) with ordinality as u(h, n)
     where exists (select 1 from blocked_images b where ${sameHash(sql`b.hash`, sql`u.h`)})
     order by u.n limit 1`);
  const first = rows[0];
  if (!first) return;
  const upload = hashed[Number(first.n) - 1]?.i ?? 0;
  throw new AppError(400, PHOTO_NOT_ALLOWED, {}, { photo: positions[upload] ?? upload });
}

/** The path of one of our pictures from what the API shows (`/api/images/ID`, its thumbnail, or
 * either as a full URL of this site). */
function imageIdOf(ctx: AppContext, value: string): string | undefined {
  let path = value.trim();
  const origin = new URL(ctx.config.publicUrl).origin;
  if (path.startsWith(`${origin}/`)) path = path.slice(origin.length);
  return imageIdFromUrl(path.replace(/\/thumb$/, ''));
}

export type BlockedImageRow = {
  id: number;
  imageUrl: string;
  item: { id: number; title: string } | null;
  createdAt: Date;
};

const blockedColumns = {
  id: blockedImages.id,
  imageUrl: blockedImages.imageUrl,
  itemId: items.id,
  itemTitle: items.title,
  createdAt: blockedImages.createdAt,
};

function presentRow(row: {
  id: number;
  imageUrl: string;
  itemId: number | null;
  itemTitle: string | null;
  createdAt: Date;
}): BlockedImageRow {
  return {
    id: row.id,
    imageUrl: row.imageUrl,
    item: row.itemId === null ? null : { id: row.itemId, title: row.itemTitle ?? '' },
    createdAt: row.createdAt,
  };
}

/**
 * An admin blocks a listing's photo: its hash (from image_hashes, or made now for a picture
 * stored before hashes were) goes on the blocked list. 404 for anything that is not a photo of a
 * listing here; 409 when the same photo is blocked already.
 */
export async function blockPhoto(
  ctx: AppContext,
  admin: Actor,
  input: { imageUrl: string },
): Promise<BlockedImageRow> {
  const id = imageIdOf(ctx, input.imageUrl);
  if (!id) throw new AppError(400, 'imageUrl must be the address of a picture on this site');
  const url = imageUrl(id);
  const [listing] = await ctx.db
    .select({ id: items.id, title: items.title })
    .from(items)
    .where(sql`${items.images} @> array[${url}]::text[]`)
    .limit(1);
  if (!listing) throw new AppError(404, 'No listing has this photo');
  const hash = await hashOfStored(ctx, id);
  if (hash === undefined)
    throw new AppError(400, 'This photo is nearly blank: there is nothing to recognise it by');
  try {
    const [created] = await ctx.db
      .insert(blockedImages)
      .values({ hash, imageUrl: url, itemId: listing.id, blockedBy: admin.id })
      .returning({ id: blockedImages.id, createdAt: blockedImages.createdAt });
    if (!created) throw new Error('blocked image insert returned nothing');
    return { ...created, imageUrl: url, item: listing };
  } catch (error) {
    if (uniqueViolation(error) === 'blocked_images_hash_idx')
      throw new AppError(409, 'This photo is already blocked');
    throw error;
  }
}

async function hashOfStored(ctx: AppContext, id: string): Promise<bigint | undefined> {
  const [kept] = await ctx.db
    .select({ hash: imageHashes.hash })
    .from(imageHashes)
    .where(eq(imageHashes.imageId, id));
  if (kept) return kept.hash ?? undefined;
  const [picture] = await ctx.db
    .select({ bytes: images.bytes, ownerId: images.ownerId })
    .from(images)
    .where(eq(images.id, id));
  if (!picture) throw new AppError(404, 'No listing has this photo');
  const hash = await photoHash(picture.bytes);
  await ctx.db
    .insert(imageHashes)
    .values({ imageId: id, ownerId: picture.ownerId, hash: hash ?? null })
    .onConflictDoNothing();
  return hash;
}

/** The blocked photos, newest first, each with the listing it was taken from while it exists. */
export async function listBlockedPhotos(ctx: AppContext): Promise<BlockedImageRow[]> {
  const rows = await ctx.db
    .select(blockedColumns)
    .from(blockedImages)
    .leftJoin(items, eq(items.id, blockedImages.itemId))
    .orderBy(desc(blockedImages.createdAt), desc(blockedImages.id))
    .limit(1000);
  return rows.map(presentRow);
}

/** Lifts a block: the photo may be uploaded again. 404 for an unknown one. */
export async function unblockPhoto(ctx: AppContext, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(blockedImages)
    .where(eq(blockedImages.id, id))
    .returning({ id: blockedImages.id });
  if (deleted.length === 0) throw new AppError(404, 'Blocked photo not found');
}
