import { type SQL, sql } from 'drizzle-orm';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';

/**
 * "On the market", defined once for every read that offers listings to others: search and its
 * kept rankings, browse, the want graph and matches, wants lists, want alerts, trades. `listing`
 * names the row: the `items` table itself (the default) or a query's alias for it (sql`i`).
 *
 * A listing is on the market when it is listed (`is_active`: not swapped, not marked
 * unavailable), not removed (`deleted_at`) and its owner is not suspended. A reservation by an
 * accepted offer, a circle or a round keeps it on the market but promised: reads that offer it
 * for a trade filter `reserved_by` themselves.
 */
export function onTheMarket(listing: SQL = sql`${items}`): SQL {
  return sql`(${listing}.is_active and ${notWithdrawn(listing)})`;
}

/**
 * Still shown somewhere, listed or not: not removed, owner not suspended. An owner's own page of
 * listings shows their unlisted ones too.
 */
export function notWithdrawn(listing: SQL = sql`${items}`): SQL {
  return sql`${listing}.deleted_at is null and ${ownerNotSuspended(listing)}`;
}

/** A moderator suspended the owner: their listings leave the market, everywhere at once. */
export function ownerNotSuspended(listing: SQL = sql`${items}`): SQL {
  return sql`not exists (select 1 from ${users} where ${users.id} = ${listing}.user_id and ${users.suspendedAt} is not null)`;
}
