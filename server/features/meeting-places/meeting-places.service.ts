import { asc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type CreateMeetingPlace,
  MEETING_PLACE_NOT_FOUND,
  MEETING_PLACE_SUGGESTIONS,
  type MeetingPlace,
  type MeetingPlaceSuggestion,
  type UpdateMeetingPlace,
} from '../../../shared/meeting-places.js';
import type { Actor } from '../../../shared/policies/decision.js';
import { canViewSwap } from '../../../shared/policies/swaps.js';
import type { AppContext } from '../../context.js';
import { type MeetingPlaceRow, meetingPlaces } from '../../db/schema/meeting-places.js';
import { AppError, enforce } from '../../errors.js';

const present = ({ id, name, address, latitude, longitude }: MeetingPlaceRow): MeetingPlace => ({
  id,
  name,
  address,
  latitude,
  longitude,
});

const earthPoint = (latitude: number, longitude: number) =>
  sql`ll_to_earth(${latitude}, ${longitude})`;

export async function listMeetingPlaces(ctx: AppContext): Promise<MeetingPlace[]> {
  const rows = await ctx.db
    .select()
    .from(meetingPlaces)
    .orderBy(asc(meetingPlaces.name), asc(meetingPlaces.id));
  return rows.map(present);
}

export async function createMeetingPlace(
  ctx: AppContext,
  body: CreateMeetingPlace,
): Promise<MeetingPlace> {
  const [row] = await ctx.db
    .insert(meetingPlaces)
    .values({ ...body, point: earthPoint(body.latitude, body.longitude) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return present(row);
}

export async function updateMeetingPlace(
  ctx: AppContext,
  id: number,
  body: UpdateMeetingPlace,
): Promise<MeetingPlace> {
  // Under the row lock, so a move of one coordinate keeps the other one another admin just set.
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(meetingPlaces)
      .where(eq(meetingPlaces.id, id))
      .for('update');
    if (!current) return undefined;
    const latitude = body.latitude ?? current.latitude;
    const longitude = body.longitude ?? current.longitude;
    const [updated] = await tx
      .update(meetingPlaces)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.address !== undefined ? { address: body.address } : {}),
        latitude,
        longitude,
        point: earthPoint(latitude, longitude),
      })
      .where(eq(meetingPlaces.id, id))
      .returning();
    return updated;
  });
  if (!row) throw new AppError(404, MEETING_PLACE_NOT_FOUND);
  return present(row);
}

export async function deleteMeetingPlace(ctx: AppContext, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(meetingPlaces)
    .where(eq(meetingPlaces.id, id))
    .returning({ id: meetingPlaces.id });
  if (deleted.length === 0) throw new AppError(404, MEETING_PLACE_NOT_FOUND);
}

type OfferPoints = {
  from_user_id: string;
  to_user_id: string;
  /** Both members and both listings are this community's (no origin instance). */
  local: boolean;
  asked_lat: number | null;
  asked_lon: number | null;
  offered_lat: number | null;
  offered_lon: number | null;
};

/**
 * Where each party is, as far as the public knows: the receiver at the public point of the
 * listing asked for (the offer's first), the sender at the public point of the first listing
 * they put up, or, for an offer of no listing (a description, a give-away request), of the
 * sender's newest listing with a place. Those points are already shown on the listings (fuzzed
 * 0.5–1.5 km), so nothing private is used.
 */
async function findOfferPoints(ctx: AppContext, swapId: number): Promise<OfferPoints | undefined> {
  const { rows } = await ctx.db.execute<OfferPoints>(sql`
    select s.from_user_id, s.to_user_id,
           (sender.origin_instance_id is null and receiver.origin_instance_id is null
            and asked.origin_instance_id is null and offered.origin_instance_id is null) as local,
           asked.public_latitude as asked_lat, asked.public_longitude as asked_lon,
           coalesce(offered.public_latitude, newest.public_latitude) as offered_lat,
           coalesce(offered.public_longitude, newest.public_longitude) as offered_lon
      from swap_requests s
      join users sender on sender.id = s.from_user_id
      join users receiver on receiver.id = s.to_user_id
      join items asked on asked.id = s.item_id
      left join items offered on offered.id = s.offered_item_id
      left join lateral (
        select public_latitude, public_longitude from items
         where user_id = s.from_user_id and deleted_at is null
           and public_latitude is not null and public_longitude is not null
         order by created_at desc limit 1
      ) newest on s.offered_item_id is null
     where s.id = ${swapId}`);
  return rows[0];
}

/** The midpoint of two earth points, as a cube: the centre of the walk below. */
const midpoint = (a: SQL, b: SQL) =>
  sql`cube(array[(cube_ll_coord(${a}, 1) + cube_ll_coord(${b}, 1)) / 2,
                 (cube_ll_coord(${a}, 2) + cube_ll_coord(${b}, 2)) / 2,
                 (cube_ll_coord(${a}, 3) + cube_ll_coord(${b}, 3)) / 2])`;

/** The query of `suggestMeetingPlaces` (exported for the test that reads its plan). */
export function nearestToBothSql(from: [number, number], to: [number, number]): SQL {
  const a = earthPoint(...from);
  const b = earthPoint(...to);
  const m = midpoint(a, b);
  return sql`
    select p.id, p.name, p.address, p.latitude, p.longitude,
           greatest(earth_distance(p.point, ${a}), earth_distance(p.point, ${b})) as farther
      from meeting_places p
     where cube_enlarge(${m}, (
             select max(greatest(n.point <-> ${a}, n.point <-> ${b}))
               from (select point from meeting_places
                      order by point <-> ${m} limit ${MEETING_PLACE_SUGGESTIONS}) n
           ), 3) @> p.point
     order by farther, p.id
     limit ${MEETING_PLACE_SUGGESTIONS}`;
}

/**
 * The places nearest to both parties, by the farther party's distance (minimax: neither member
 * is sent across town so that the other may walk next door, which ordering by the sum allows).
 *
 * From the GiST index, in two looks (exact, never a scan of every place): the worst of two
 * straight-line (chord) distances to a place is at least its distance to the parties' midpoint M
 * (|p − M| = |(p − a) + (p − b)| / 2 ≤ (|p − a| + |p − b|) / 2). So the three places nearest M bound the answer: T, the
 * largest of their worst distances, is no smaller than the third best; every place of the answer
 * lies within T of M; and the cube around M of half-side T (`cube_enlarge`, indexed by `@>`)
 * holds them all. Chords order the same as great-circle distances, which the answer shows.
 */
export async function suggestMeetingPlaces(
  ctx: AppContext,
  actor: Actor | null,
  swapId: number,
): Promise<MeetingPlaceSuggestion[]> {
  const offer = await findOfferPoints(ctx, swapId);
  enforce(
    canViewSwap(actor, offer && { fromUserId: offer.from_user_id, toUserId: offer.to_user_id }),
  );
  if (!offer?.local) return [];
  const { asked_lat, asked_lon, offered_lat, offered_lon } = offer;
  if (asked_lat === null || asked_lon === null) return [];
  const asked: [number, number] = [asked_lat, asked_lon];
  // A sender with no listing placed anywhere meets where the listing asked for is.
  const sender: [number, number] =
    offered_lat === null || offered_lon === null ? asked : [offered_lat, offered_lon];
  const { rows } = await ctx.db.execute<MeetingPlaceRow & { farther: number }>(
    nearestToBothSql(asked, sender),
  );
  return rows.map((row) => ({
    ...present(row),
    distanceKm: Math.round(Number(row.farther) / 100) / 10,
  }));
}
