import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { fuzzedPoint } from '../../infra/geocoding/fuzz.js';
import { type Coordinates, type Located, placeForPoint } from '../../infra/geocoding/geocoder.js';

/**
 * The columns that place a listing: its exact point (private to the server), and what the public
 * sees of it: `location`, the name of the place the geocoder found (a town or a district, never
 * the text typed, which may be a street address), and the member's fuzzed point for that place
 * (infra/geocoding/fuzz.ts), also on the earth for radius search. Text nobody could place is
 * shown as nothing: it might be an address too.
 */
export function locationColumns(secret: string, ownerId: string, located: Located | null) {
  return {
    location: located?.place ?? null,
    latitude: located?.latitude ?? null,
    longitude: located?.longitude ?? null,
    ...publicPointColumns(secret, ownerId, located),
  };
}

function publicPointColumns(secret: string, ownerId: string, exact: Coordinates | null) {
  if (!exact) return { publicLatitude: null, publicLongitude: null, publicPoint: null };
  const point = fuzzedPoint(secret, ownerId, exact);
  return {
    publicLatitude: point.latitude,
    publicLongitude: point.longitude,
    publicPoint: sql`ll_to_earth(${point.latitude}, ${point.longitude})`,
  };
}

/**
 * Gives listings located before public points existed, or before they were one per member and
 * place and showed the place's name (migration 0023 clears their points), or restored from
 * elsewhere, their place name and public point. Idempotent and deterministic, so every app
 * server may run it at once.
 */
export async function backfillPublicLocations(
  db: Database,
  secret: string,
  batch = 500,
): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({
        id: items.id,
        userId: items.userId,
        location: items.location,
        latitude: items.latitude,
        longitude: items.longitude,
      })
      .from(items)
      .where(and(isNotNull(items.latitude), isNotNull(items.longitude), isNull(items.publicPoint)))
      .limit(batch);
    for (const row of rows) {
      if (row.latitude === null || row.longitude === null) continue;
      const exact = { latitude: row.latitude, longitude: row.longitude };
      await db
        .update(items)
        .set({
          location: placeForPoint(row.location, exact),
          ...publicPointColumns(secret, row.userId, exact),
        })
        .where(sql`${items.id} = ${row.id}`);
    }
    done += rows.length;
    if (rows.length < batch) return done;
  }
}
