import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Database, Executor } from '../../db/client.js';
import { imageHashes, images } from '../../db/schema/images.js';
import { type ImageFormat, type ImageVariants, transcode } from './image-processing.js';

const IMAGE_URL = /^\/api\/images\/([0-9a-f-]{36})$/;

export const imageUrl = (id: string) => `/api/images/${id}`;

export function imageIdFromUrl(url: string): string | undefined {
  return IMAGE_URL.exec(url)?.[1];
}

/** Stores both variants; returns the URL of the full image. */
export async function storeImage(
  db: Executor,
  ownerId: string,
  variants: ImageVariants,
): Promise<string> {
  const [full] = await db
    .insert(images)
    .values({ ownerId, ...variants.full, variant: 'full' })
    .returning({ id: images.id });
  if (!full) throw new Error('image insert returned nothing');
  await db
    .insert(images)
    .values({ ownerId, ...variants.thumb, variant: 'thumb', sourceId: full.id });
  if (variants.hash !== undefined)
    await db.insert(imageHashes).values({ imageId: full.id, ownerId, hash: variants.hash });
  return imageUrl(full.id);
}

/** Deletes images (and their thumbnails) by URL; URLs that are not ours are ignored. */
export async function deleteImages(db: Executor, urls: string[]): Promise<void> {
  const ids = urls.map(imageIdFromUrl).filter((id): id is string => id !== undefined);
  if (ids.length === 0) return;
  await db.delete(images).where(or(inArray(images.id, ids), inArray(images.sourceId, ids)));
}

type Variant = 'full' | 'thumb';
type Found = { bytes: Buffer; mime: string };

async function findJpeg(db: Database, id: string, variant: Variant) {
  const [row] = await db
    .select({ bytes: images.bytes, mime: images.mime, ownerId: images.ownerId })
    .from(images)
    .where(
      variant === 'full'
        ? eq(images.id, id)
        : and(eq(images.sourceId, id), eq(images.variant, 'thumb')),
    )
    .limit(1);
  return row;
}

/** Transcodings under way in this process, so that a page of new thumbnails encodes each once. */
const transcoding = new Map<string, Promise<Found | undefined>>();

/**
 * A picture in `format` (issue 19 §4): the stored JPEG, or its AVIF/WebP copy, made from the
 * JPEG on first request and kept beside it (variant `full.avif`, `thumb.webp`, …; source_id is
 * the full image's id, so deleteImages removes the copies too). Pictures stored before copies
 * existed get theirs the same way. When a copy cannot be made the JPEG is served.
 */
export async function findImage(
  db: Database,
  id: string,
  variant: Variant,
  format: ImageFormat = 'jpeg',
): Promise<Found | undefined> {
  if (format === 'jpeg') return findJpeg(db, id, variant);
  const copyVariant = `${variant}.${format}`;
  const [copy] = await db
    .select({ bytes: images.bytes, mime: images.mime })
    .from(images)
    .where(and(eq(images.sourceId, id), eq(images.variant, copyVariant)))
    .limit(1);
  if (copy) return copy;
  const key = `${id}:${copyVariant}`;
  let pending = transcoding.get(key);
  if (!pending) {
    pending = (async () => {
      const jpeg = await findJpeg(db, id, variant);
      if (!jpeg) return undefined;
      const made = await transcode(jpeg.bytes, format).catch(() => undefined);
      if (!made) return jpeg;
      // Kept only while the picture itself exists (it may be deleted meanwhile).
      await db.execute(sql`
        insert into images (owner_id, bytes, mime, width, height, variant, source_id)
        select ${jpeg.ownerId}, ${made.bytes}, ${made.mime}, ${made.width}, ${made.height}, ${copyVariant}, ${id}
         where exists (select 1 from images where id = ${id})
           and not exists (select 1 from images where source_id = ${id} and variant = ${copyVariant})`);
      return { bytes: made.bytes, mime: made.mime };
    })().finally(() => transcoding.delete(key));
    transcoding.set(key, pending);
  }
  return pending;
}

/** Decoding pictures costs CPU: each request that uploads any counts against the member's hourly limit. */
export async function countUpload(ctx: AppContext, userId: string): Promise<void> {
  await ctx.rateLimiter.consume(
    {
      key: `uploads:user:${userId}`,
      limit: ctx.config.rateLimits.uploadsPerHour,
      windowMs: 60 * 60 * 1000,
    },
    'You have uploaded a lot of pictures in the last hour. Please try again later.',
  );
}
