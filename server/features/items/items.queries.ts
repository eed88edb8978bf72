import { and, desc, eq, getTableColumns, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { ItemsQuery } from '../../../shared/items.js';
import type { Database } from '../../db/client.js';
import { categories } from '../../db/schema/catalog.js';
import { items } from '../../db/schema/items.js';
import { feedback } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';

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
    .leftJoin(categories, eq(categories.id, items.categoryId));
}

export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

/** The words of a search text as the full-text queries take them: lower-case letters and digits. */
export function searchWords(text: string): string[] | null {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
}

/**
 * Full-text query for a search box: every word must match, the last one as a prefix so "tele"
 * finds "telescope". Input with web-search syntax (quotes, -exclusions, or) goes to
 * websearch_to_tsquery as typed.
 */
export function textQuery(term: string): SQL | undefined {
  const words = searchWords(term);
  if (!words) return undefined;
  if (/"|(^|\s)-\S|\sor\s/i.test(term)) return sql`websearch_to_tsquery('english', ${term})`;
  const prefixQuery = words
    .map((word, i) => (i === words.length - 1 ? `${word}:*` : word))
    .join(' & ');
  return sql`to_tsquery('english', ${prefixQuery})`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A moderator suspended the owner: their listings leave browse and search. */
export const ownerNotSuspended = sql`not exists (select 1 from ${users} where ${users.id} = ${items.userId} and ${users.suspendedAt} is not null)`;

/** A place and a radius to search around (browse's Near field). */
export type Origin = { latitude: number; longitude: number; radiusKm: number };

/**
 * Listings whose public point lies within `radiusKm` of the origin, as shown: a distance that
 * rounds to `radiusKm` counts. The earth_box test runs on the GiST index of public points.
 */
export function withinRadius(origin: Origin): SQL {
  const center = sql`ll_to_earth(${origin.latitude}, ${origin.longitude})`;
  const metres = (origin.radiusKm + 0.5) * 1000;
  return sql`(earth_box(${center}, ${metres}) @> ${items.publicPoint} and earth_distance(${center}, ${items.publicPoint}) < ${metres})`;
}

export async function findItems(
  db: Database,
  query: ItemsQuery,
  viewerId: string | null,
  origin?: Origin,
): Promise<ItemRow[]> {
  const conditions: SQL[] = [isNull(items.deletedAt), ownerNotSuspended];
  if (origin) conditions.push(withinRadius(origin));
  // Inactive items leave browse and search; owners still see theirs on their own profile.
  if (!(query.userId && query.userId === viewerId)) conditions.push(eq(items.isActive, true));
  if (query.userId) conditions.push(eq(items.userId, query.userId));
  if (query.categoryId) conditions.push(eq(items.categoryId, query.categoryId));
  if (query.condition) conditions.push(eq(items.condition, query.condition));
  if (query.location) conditions.push(ilike(items.location, `%${escapeLike(query.location)}%`));

  const search = query.search ? textQuery(query.search) : undefined;
  if (query.search && !search) return [];
  if (search) conditions.push(sql`${items.searchVector} @@ ${search}`);

  const order =
    origin && query.sort === 'distance'
      ? // Nearest first, straight from the GiST index (cube's <-> is monotonic with distance).
        [
          sql`${items.publicPoint} <-> ll_to_earth(${origin.latitude}, ${origin.longitude})`,
          desc(items.id),
        ]
      : search
        ? [
            sql`ts_rank_cd(${items.searchVector}, ${search}) desc`,
            desc(items.createdAt),
            desc(items.id),
          ]
        : [desc(items.createdAt), desc(items.id)];
  // The page's ids first, from the index alone; owners, categories and ratings are then joined
  // for those rows only. In one query, PostgreSQL would compute the ratings for every row an
  // OFFSET skips as well.
  const page = db
    .select({ id: items.id })
    .from(items)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit)
    .offset(query.offset);
  return selectItems(db)
    .where(inArray(items.id, page))
    .orderBy(...order);
}

export async function findItem(db: Database, id: number): Promise<ItemRow | undefined> {
  const [row] = await selectItems(db)
    .where(and(eq(items.id, id), isNull(items.deletedAt)))
    .limit(1);
  return row;
}
