import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { imageHashes } from '../../db/schema/images.js';
import { photoHash } from './photo-hash.js';

/** Pictures one run hashes at most: an hourly run stays a short job, the rest waits an hour. */
const MAX_PER_RUN = 2000;
const BATCH = 100;

/**
 * Hashes the listing photos stored before hashes were (migration 0037), so a new listing whose
 * photo an old listing shows is flagged like any other (photo-reuse.ts). Only pictures a listing
 * shows are read; each is decoded once (sharp works off the event loop) and gets its row, a null
 * hash for a flat one, so no later run reads it again. Every app server runs it from maintenance:
 * two may hash the same picture at once, and the second insert is dropped.
 */
export async function backfillPhotoHashes(db: Database, maxPerRun = MAX_PER_RUN): Promise<number> {
  let done = 0;
  let after = 0;
  while (done < maxPerRun) {
    // A listing at a time, with every photo of it still unhashed, so a batch never ends halfway
    // through one listing's photos.
    const { rows } = await db.execute<{ item_id: number; image_ids: string[] }>(sql`
      select i.id as item_id, array_agg(substring(u.url from 13)) as image_ids
        from items i
        cross join lateral unnest(i.images) as u(url)
       where i.id > ${after}
         and u.url like '/api/images/%'
         and not exists (select 1 from image_hashes h where h.image_id = substring(u.url from 13))
       group by i.id
       order by i.id
       limit ${BATCH}`);
    if (rows.length === 0) return done;
    for (const row of rows) {
      for (const imageId of row.image_ids) done += await hashStored(db, imageId);
      after = row.item_id;
      if (done >= maxPerRun) break;
    }
  }
  return done;
}

/** 1 when the picture exists and now has its row. */
async function hashStored(db: Database, imageId: string): Promise<number> {
  const { rows } = await db.execute<{ bytes: Buffer; owner_id: string | null }>(
    sql`select bytes, owner_id from images where id = ${imageId} and variant = 'full'`,
  );
  const picture = rows[0];
  if (!picture) return 0;
  // A picture sharp cannot read has nothing to compare either: recorded flat, never read again.
  const hash = await photoHash(picture.bytes).catch(() => undefined);
  await db
    .insert(imageHashes)
    .values({ imageId, ownerId: picture.owner_id, hash: hash ?? null })
    .onConflictDoNothing();
  return 1;
}
