import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { flaggedItems } from '../../db/schema/items.js';
import { sameHash } from '../images/blocked-photos.js';
import { imageIdFromUrl } from '../images/images.service.js';

/** The reason a site flag gives in the admins' report queue. */
export const PHOTO_REUSED_REASON = 'Photo reused';

/**
 * A listing's new photos that another member's listing also shows (issue 40 §3): the listing is
 * published all the same (two members may own the same catalogue photo honestly), but the admins
 * get a flag in their report queue naming the other listing and member, to judge a possible
 * scam. A member reusing their own photo is never flagged. At most one open site flag per listing
 * (flagged_items_site_pending_idx); runs in the transaction that stored the photos.
 */
export async function flagReusedPhotos(
  tx: Transaction,
  listing: { id: number; userId: string },
  newPhotoUrls: string[],
): Promise<void> {
  const ids = newPhotoUrls.map(imageIdFromUrl).filter((id): id is string => id !== undefined);
  if (ids.length === 0) return;
  const { rows } = await tx.execute<{ id: number; title: string; nickname: string | null }>(sql`
    select distinct on (i.id) i.id, i.title, u.nickname
      from image_hashes mine
      join image_hashes other on other.image_id <> mine.image_id
                            and ${sameHash(sql`other.hash`, sql`mine.hash`)}
      join items i on i.user_id = other.owner_id
                  and i.images @> array['/api/images/' || other.image_id]
                  and i.deleted_at is null
      join users u on u.id = i.user_id
     where mine.image_id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})
       and i.user_id <> ${listing.userId}
     order by i.id
     limit 3`);
  if (rows.length === 0) return;
  const named = rows
    .map((r) => `“${r.title}” (listing ${r.id}) of ${r.nickname ?? 'a member'}`)
    .join('; ');
  await tx
    .insert(flaggedItems)
    .values({
      userId: null,
      itemId: listing.id,
      reason: PHOTO_REUSED_REASON,
      description: `Photo also used by ${named}`.slice(0, 1000),
    })
    .onConflictDoNothing();
}
