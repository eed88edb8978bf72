import {
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** earthdistance's point on the earth's surface (a 3-D cube), written with ll_to_earth(). */
const earthPoint = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * Safe places to meet for a swap (issue 40 §4): police exchange zones, libraries. Admins keep the
 * list; an offer's chat suggests the nearest to both parties. The point is public by design (it
 * is a public place), so it is stored once, unfuzzed. No column names a member: erasing an
 * account has nothing to do here.
 */
export const meetingPlaces = pgTable(
  'meeting_places',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** ll_to_earth(latitude, longitude), GiST-indexed for the nearest-first walk. */
    point: earthPoint('point').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('meeting_places_point_idx').using('gist', t.point)],
);

export type MeetingPlaceRow = typeof meetingPlaces.$inferSelect;
