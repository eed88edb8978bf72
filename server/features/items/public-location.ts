import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { fuzzedPoint } from '../../infra/geocoding/fuzz.js';
import type { Coordinates } from '../../infra/geocoding/geocoder.js';

/**
 * The columns that publish a listing's location: its fuzzed point, and that point on the earth
 * for radius search. The exact point (latitude/longitude) stays private to the server.
 */
export function publicLocationColumns(
  secret: string,
  listingId: number,
  exact: Coordinates | null,
) {
  if (!exact) return { publicLatitude: null, publicLongitude: null, publicPoint: null };
  const point = fuzzedPoint(secret, listingId, exact);
  return {
    publicLatitude: point.latitude,
    publicLongitude: point.longitude,
    publicPoint: sql`ll_to_earth(${point.latitude}, ${point.longitude})`,
  };
}

/**
 * Gives listings geocoded before public points existed (or restored from elsewhere) theirs.
 * Idempotent and deterministic, so every app server may run it at once.
 */
export async function backfillPublicLocations(
  db: Database,
  secret: string,
  batch = 500,
): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: items.id, latitude: items.latitude, longitude: items.longitude })
      .from(items)
      .where(and(isNotNull(items.latitude), isNotNull(items.longitude), isNull(items.publicPoint)))
      .limit(batch);
    for (const row of rows) {
      if (row.latitude === null || row.longitude === null) continue;
      await db
        .update(items)
        .set(
          publicLocationColumns(secret, row.id, {
            latitude: row.latitude,
            longitude: row.longitude,
          }),
        )
        .where(sql`${items.id} = ${row.id}`);
    }
    done += rows.length;
    if (rows.length < batch) return done;
  }
}
