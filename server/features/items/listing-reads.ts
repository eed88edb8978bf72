import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oncePerDatabase } from '../../db/prepared.js';
import { categories } from '../../db/schema/catalog.js';
import { instances } from '../../db/schema/federation.js';
import { items } from '../../db/schema/items.js';
import { feedback } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { onTheMarket } from './on-market.js';

const {
  searchVector: _searchVector,
  publicPoint: _publicPoint,
  ...itemColumns
} = getTableColumns(items);

/** Item columns plus owner, category name and the owner's real rating (DESIGN §7). */
export const ITEM_FIELDS = {
  item: itemColumns,
  owner: {
    id: users.id,
    nickname: users.nickname,
    firstName: users.firstName,
    lastName: users.lastName,
    profileImageUrl: users.profileImageUrl,
    emailVerifiedAt: users.emailVerifiedAt,
    suspendedAt: users.suspendedAt,
    profileUrl: users.profileUrl,
  },
  /** Where a listing of another instance comes from; null for our own. */
  origin: {
    host: instances.host,
    name: instances.name,
    baseUrl: instances.baseUrl,
    following: instances.following,
    follower: instances.follower,
    blocked: instances.blocked,
  },
  categoryName: categories.name,
  averageRating: sql<string>`(select coalesce(round(avg(${feedback.rating})::numeric, 1), 0) from ${feedback} where ${feedback.toUserId} = ${items.userId})`,
  totalRatings: sql<number>`(select count(*)::int from ${feedback} where ${feedback.toUserId} = ${items.userId})`,
};

export function selectItems(db: Database) {
  return db
    .select(ITEM_FIELDS)
    .from(items)
    .innerJoin(users, eq(users.id, items.userId))
    .leftJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(instances, eq(instances.id, items.originInstanceId));
}

export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** These listings, in this order, as a page shows them (those no longer on the market left out). */
export async function listingsInOrder(db: Database, ids: readonly number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectItems(db).where(and(inArray(items.id, [...ids]), onTheMarket()));
  const byId = new Map(rows.map((row) => [row.item.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A listing by id (GET /api/items/:id, every listing-cache miss: hundreds a second under load):
 * built once per database handle and prepared once per pooled connection, so neither drizzle
 * nor PostgreSQL builds or plans it again.
 */
const itemByIdStatement = oncePerDatabase((db) =>
  selectItems(db)
    .where(and(eq(items.id, sql.placeholder('id')), isNull(items.deletedAt)))
    .limit(1)
    .prepare('item_by_id'),
);

export async function findItem(db: Database, id: number): Promise<ItemRow | undefined> {
  const [row] = await itemByIdStatement(db).execute({ id });
  return row;
}
