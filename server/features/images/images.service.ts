import { and, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Database, Executor } from '../../db/client.js';
import { images } from '../../db/schema/images.js';
import type { ImageVariants } from './image-processing.js';

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
  return imageUrl(full.id);
}

/** Deletes images (and their thumbnails) by URL; URLs that are not ours are ignored. */
export async function deleteImages(db: Executor, urls: string[]): Promise<void> {
  const ids = urls.map(imageIdFromUrl).filter((id): id is string => id !== undefined);
  if (ids.length === 0) return;
  await db.delete(images).where(or(inArray(images.id, ids), inArray(images.sourceId, ids)));
}

export async function findImage(db: Database, id: string, variant: 'full' | 'thumb') {
  const [row] = await db
    .select({ bytes: images.bytes, mime: images.mime })
    .from(images)
    .where(
      variant === 'full'
        ? eq(images.id, id)
        : and(eq(images.sourceId, id), eq(images.variant, 'thumb')),
    )
    .limit(1);
  return row;
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
