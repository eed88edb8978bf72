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
 * place and showed the place's name (migration 0026 clears their points), or restored from
 * elsewhere, their place name and public point: one UPDATE per batch. Idempotent and
 * deterministic, so every app server may run it at once.
 */
export async function backfillPublicLocations(
  db: Database,
  secret: string,
  batch = 500,
): Promise<number> {
  const places = new Map<string, string | null>();
  const placeOf = (text: string | null, exact: Coordinates) => {
    const key = `${exact.latitude},${exact.longitude},${text ?? ''}`;
    if (!places.has(key)) places.set(key, placeForPoint(text, exact));
    return places.get(key) ?? null;
  };
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
      .orderBy(items.id)
      .limit(batch);
    const ids: number[] = [];
    const names: Array<string | null> = [];
    const latitudes: number[] = [];
    const longitudes: number[] = [];
    const exactLatitudes: number[] = [];
    const exactLongitudes: number[] = [];
    for (const row of rows) {
      if (row.latitude === null || row.longitude === null) continue;
      const exact = { latitude: row.latitude, longitude: row.longitude };
      const point = fuzzedPoint(secret, row.userId, exact);
      ids.push(row.id);
      names.push(placeOf(row.location, exact));
      latitudes.push(point.latitude);
      longitudes.push(point.longitude);
      exactLatitudes.push(exact.latitude);
      exactLongitudes.push(exact.longitude);
    }
    if (ids.length > 0) {
      // Only rows still as read: a listing its owner moved meanwhile keeps what the move gave it.
      await db.execute(sql`
        update ${items}
           set location = v.place, public_latitude = v.lat, public_longitude = v.lon,
               public_point = ll_to_earth(v.lat, v.lon)
          from unnest(${sql.param(ids)}::int[], ${sql.param(names)}::text[],
                      ${sql.param(latitudes)}::float8[], ${sql.param(longitudes)}::float8[],
                      ${sql.param(exactLatitudes)}::float8[], ${sql.param(exactLongitudes)}::float8[])
               as v(id, place, lat, lon, exact_lat, exact_lon)
         where ${items.id} = v.id and ${items.publicPoint} is null
           and ${items.latitude} = v.exact_lat and ${items.longitude} = v.exact_lon`);
    }
    done += rows.length;
    if (rows.length < batch) return done;
  }
}
