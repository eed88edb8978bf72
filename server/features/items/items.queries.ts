import { and, desc, eq, getTableColumns, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { ItemsQuery } from '../../../shared/items.js';
import type { Database } from '../../db/client.js';
import { oncePerDatabase } from '../../db/prepared.js';
import { categories } from '../../db/schema/catalog.js';
import { items } from '../../db/schema/items.js';
import { feedback } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import type { KeptRankings, RankingQuery } from './kept-rankings.js';
import { notWithdrawn, onTheMarket } from './on-market.js';
import {
  addCounts,
  countMatches as countRanked,
  idsOf,
  type MatchCounts,
  type MatchFilter,
  pageOf,
  type RankedMatches,
} from './ranked-matches.js';
import { correctWords } from './spelling.js';

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
const WEB_SYNTAX = /"|(^|\s)-\S|\sor\s/i;

export function textQuery(term: string): SQL | undefined {
  return textQueryOf(term)?.sql;
}

/** The full-text query of a search box's text, and a key that names it (one per distinct query). */
function textQueryOf(term: string): { sql: SQL; key: string } | undefined {
  const words = searchWords(term);
  if (!words) return undefined;
  if (WEB_SYNTAX.test(term))
    return { sql: sql`websearch_to_tsquery('english', ${term})`, key: `web:${term}` };
  const prefixQuery = words
    .map((word, i) => (i === words.length - 1 ? `${word}:*` : word))
    .join(' & ');
  return { sql: sql`to_tsquery('english', ${prefixQuery})`, key: `words:${prefixQuery}` };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/** Fewer exact matches than this, and misspelt words are corrected for more (spelling.ts). */
export const FEW_RESULTS = 10;

/** What every shared browse or search page keeps to. */
const listed = () => [onTheMarket()];

/**
 * The kept ranking (kept-rankings.ts) of a search whose other filters it can apply itself (a
 * category, a condition), or undefined: a member's own list, a place, a radius, no words.
 */
function keptRankingQuery(query: ItemsQuery, origin: Origin | undefined): RankingQuery | undefined {
  if (!query.search || query.userId || query.location || origin) return undefined;
  const text = textQueryOf(query.search);
  return text && { key: text.key, tsquery: text.sql, listed: and(...listed()) as SQL };
}

const rankingFilter = (query: ItemsQuery): MatchFilter => ({
  categoryId: query.categoryId,
  condition: query.condition,
});

/**
 * The kept ranking of a typo correction's words, and the filter that leaves the exact matches
 * out (they come first), when the exact words' ranking was kept too.
 */
async function keptCorrection(
  db: Database,
  query: ItemsQuery,
  origin: Origin | undefined,
  exact: RankedMatches | null | undefined,
  plan: { correctedText?: string },
  rankings: KeptRankings | undefined,
): Promise<{ ranking: RankedMatches; filter: MatchFilter } | undefined> {
  if (!exact || !plan.correctedText || !rankings) return undefined;
  const kept = keptRankingQuery({ ...query, search: plan.correctedText }, origin);
  const ranking = kept && (await rankings.matchesOf(db, kept));
  return ranking
    ? { ranking, filter: { ...rankingFilter(query), without: idsOf(exact) } }
    : undefined;
}

/** These listings, in this order, as a page shows them (those no longer listed left out). */
async function itemsInOrder(db: Database, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectItems(db).where(and(inArray(items.id, ids), ...listed()));
  const byId = new Map(rows.map((row) => [row.item.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Everything but the search words: deleted, inactive, suspended, the filters, the radius. */
function filterConditions(
  query: ItemsQuery,
  viewerId: string | null,
  origin: Origin | undefined,
  leaveOut: { category?: boolean; condition?: boolean } = {},
): SQL[] {
  const conditions: SQL[] = [notWithdrawn()];
  if (origin) conditions.push(withinRadius(origin));
  // Inactive items leave browse and search; owners still see theirs on their own profile.
  if (!(query.userId && query.userId === viewerId)) conditions.push(eq(items.isActive, true));
  if (query.userId) conditions.push(eq(items.userId, query.userId));
  if (query.categoryId && !leaveOut.category)
    conditions.push(eq(items.categoryId, query.categoryId));
  if (query.condition && !leaveOut.condition) conditions.push(eq(items.condition, query.condition));
  if (query.location) conditions.push(ilike(items.location, `%${escapeLike(query.location)}%`));
  return conditions;
}

const matches = (tsquery: SQL) => sql`${items.searchVector} @@ ${tsquery}`;

/**
 * How many listings match. Plain count(*) on purpose: with a LIMIT the planner may walk the
 * newest-first index hoping to meet matches early, and when there are none it reads every row.
 */
async function countMatches(db: Database, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(items)
    .where(and(...where));
  return row?.n ?? 0;
}

/**
 * What a search box's text matches: the full-text query as typed (`exact`) and, when that finds
 * fewer than FEW_RESULTS listings (given `exactFound` of them on the page already read, or
 * counted), the query with misspelt words corrected (`corrected`), whose extra listings come
 * after every exact one.
 */
async function searchPlan(
  db: Database,
  term: string,
  filters: SQL[],
  exactFound?: { onPage: number; offset: number; limit: number },
): Promise<{ exact: SQL; exactTotal: number; corrected?: SQL; correctedText?: string } | null> {
  const exact = textQuery(term);
  if (!exact) return null;
  const words = searchWords(term);
  if (!words || WEB_SYNTAX.test(term)) return { exact, exactTotal: Number.POSITIVE_INFINITY };
  let exactTotal: number;
  if (exactFound && exactFound.onPage >= Math.min(exactFound.limit, FEW_RESULTS)) {
    exactTotal = Number.POSITIVE_INFINITY;
  } else if (exactFound && (exactFound.onPage > 0 || exactFound.offset === 0)) {
    exactTotal = exactFound.offset + exactFound.onPage;
  } else {
    exactTotal = await countMatches(db, [...filters, matches(exact)]);
  }
  if (exactTotal >= FEW_RESULTS) return { exact, exactTotal };
  const fixed = await correctWords(db, words);
  if (!fixed) return { exact, exactTotal };
  const correctedText = fixed.join(' ');
  return { exact, exactTotal, corrected: textQuery(correctedText), correctedText };
}

function itemsPage(db: Database, where: SQL[], order: SQL[], limit: number, offset: number) {
  // The page's ids first, from the index alone; owners, categories and ratings are then joined
  // for those rows only. In one query, PostgreSQL would compute the ratings for every row an
  // OFFSET skips as well.
  const page = db
    .select({ id: items.id })
    .from(items)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return selectItems(db)
    .where(inArray(items.id, page))
    .orderBy(...order);
}

const byRank = (tsquery: SQL) => [
  sql`ts_rank_cd(${items.searchVector}, ${tsquery}) desc`,
  desc(items.createdAt),
  desc(items.id),
];

export async function findItems(
  db: Database,
  query: ItemsQuery,
  viewerId: string | null,
  origin?: Origin,
  options: { corrections?: boolean; rankings?: KeptRankings } = {},
): Promise<ItemRow[]> {
  const filters = filterConditions(query, viewerId, origin);
  const exact = query.search ? textQuery(query.search) : undefined;
  if (query.search && !exact) return [];

  const order =
    origin && query.sort === 'distance'
      ? // Nearest first, straight from the GiST index (cube's <-> is monotonic with distance).
        [
          sql`${items.publicPoint} <-> ll_to_earth(${origin.latitude}, ${origin.longitude})`,
          desc(items.id),
        ]
      : exact
        ? byRank(exact)
        : [desc(items.createdAt), desc(items.id)];
  const where = exact ? [...filters, matches(exact)] : filters;
  const kept = query.sort === 'distance' ? undefined : keptRankingQuery(query, origin);
  const ranking = kept && (await options.rankings?.matchesOf(db, kept));
  const rows = ranking
    ? await itemsInOrder(db, pageOf(ranking, rankingFilter(query), query.offset, query.limit))
    : await itemsPage(db, where, order, query.limit, query.offset);
  if (!query.search || rows.length >= query.limit || options.corrections === false) return rows;

  // Few exact matches: listings that match once misspelt words are corrected follow them.
  const plan = await searchPlan(db, query.search, filters, {
    onPage: rows.length,
    offset: query.offset,
    limit: query.limit,
  });
  if (!plan?.corrected) return rows;
  const limit = query.limit - rows.length;
  const offset = Math.max(0, query.offset - plan.exactTotal);
  const corrected = await keptCorrection(db, query, origin, ranking, plan, options.rankings);
  const more = corrected
    ? await itemsInOrder(db, pageOf(corrected.ranking, corrected.filter, offset, limit))
    : await itemsPage(
        db,
        [...filters, matches(plan.corrected), sql`not (${matches(plan.exact)})`],
        origin && query.sort === 'distance' ? order : byRank(plan.corrected),
        limit,
        offset,
      );
  return [...rows, ...more];
}

export type Facets = {
  total: number;
  categories: Array<{ id: number; name: string; count: number }>;
  conditions: Array<{ condition: string; count: number }>;
};

/**
 * Counts per category and per condition of the listings a browse or search query finds (typo
 * corrections included). As in most shops' filters, the category counts leave the query's own
 * category filter out, so a member sees what the other categories hold, and likewise for
 * conditions; `total` counts the listings the query itself finds.
 */
export async function countFacets(
  db: Database,
  query: ItemsQuery,
  viewerId: string | null,
  origin?: Origin,
  options: { rankings?: KeptRankings } = {},
): Promise<Facets> {
  const empty: Facets = { total: 0, categories: [], conditions: [] };
  const kept = keptRankingQuery(query, origin);
  const ranking = kept && (await options.rankings?.matchesOf(db, kept));
  if (ranking && query.search) {
    const counts = countRanked(ranking, rankingFilter(query));
    if (counts.total >= FEW_RESULTS) return namedFacets(db, counts);
    // Few: the typo correction's listings count too.
    const plan = await searchPlan(db, query.search, [], {
      onPage: counts.total,
      offset: 0,
      limit: FEW_RESULTS,
    });
    const corrected =
      plan && (await keptCorrection(db, query, origin, ranking, plan, options.rankings));
    if (corrected)
      return namedFacets(db, addCounts(counts, countRanked(corrected.ranking, corrected.filter)));
    if (!plan?.corrected) return namedFacets(db, counts);
  }
  let match: SQL | undefined;
  if (query.search) {
    const plan = await searchPlan(db, query.search, filterConditions(query, viewerId, origin));
    if (!plan) return empty;
    // One tsquery (q1 || q2): one walk of the GIN index, where an OR of two matches seq-scans.
    match = matches(plan.corrected ? sql`(${plan.exact} || ${plan.corrected})` : plan.exact);
  }
  const withMatch = (conditions: SQL[]) => (match ? [...conditions, match] : conditions);
  const [byCategory, byCondition] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, count: sql<number>`count(*)::int` })
      .from(items)
      .innerJoin(categories, eq(categories.id, items.categoryId))
      .where(and(...withMatch(filterConditions(query, viewerId, origin, { category: true }))))
      .groupBy(categories.id, categories.name)
      .orderBy(sql`count(*) desc`, categories.name),
    db
      .select({ condition: items.condition, count: sql<number>`count(*)::int` })
      .from(items)
      .where(and(...withMatch(filterConditions(query, viewerId, origin, { condition: true }))))
      .groupBy(items.condition)
      .orderBy(sql`count(*) desc`, items.condition),
  ]);
  // The query's own total: the category counts within the chosen condition already filter by
  // everything but the category, so the chosen category's count (or the sum) is the total.
  const total = query.categoryId
    ? (byCategory.find((c) => c.id === query.categoryId)?.count ?? 0)
    : query.condition
      ? (byCondition.find((c) => c.condition === query.condition)?.count ?? 0)
      : byCondition.reduce((sum, c) => sum + c.count, 0);
  return { total, categories: byCategory, conditions: byCondition };
}

/**
 * Facets counted from a kept ranking, named and ordered by PostgreSQL as countFacets orders its
 * own (count, then name in the database's collation), so both answer alike.
 */
async function namedFacets(db: Database, counts: MatchCounts): Promise<Facets> {
  const categoryCounts = JSON.stringify([...counts.categories].map(([id, n]) => ({ id, n })));
  const conditionCounts = JSON.stringify([...counts.conditions].map(([c, n]) => ({ c, n })));
  const result = await db.execute<{ id: number | null; name: string; count: number }>(sql`
    select * from (
      select 0 as facet, ${categories.id} as id, ${categories.name} as name, x.n as count
        from json_to_recordset(${categoryCounts}::json) x(id int, n int)
        join ${categories} on ${categories.id} = x.id
      union all
      select 1, null, x.c, x.n from json_to_recordset(${conditionCounts}::json) x(c text, n int)
    ) f order by facet, count desc, name`);
  return {
    total: counts.total,
    categories: result.rows
      .filter((row) => row.id !== null)
      .map((row) => ({ id: row.id as number, name: row.name, count: row.count })),
    conditions: result.rows
      .filter((row) => row.id === null)
      .map((row) => ({ condition: row.name, count: row.count })),
  };
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
