import { and, desc, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { selectItems } from '../items/listing-reads.js';
import type { EngineQuery, SearchEngine } from './engine.js';
import { type Facet, sqlConditions } from './filters.js';
import type { MatchCounts } from './ranked-matches.js';

const matches = (tsquery: SQL) => sql`${items.searchVector} @@ ${tsquery}`;

/** The conditions of an engine query in SQL, but those of the facet being counted. */
function whereOf(query: EngineQuery, leaveOut?: Facet): SQL[] {
  const where = sqlConditions(query.request, leaveOut);
  if (query.text) where.push(matches(query.text.sql));
  if (query.excluding) where.push(sql`not (${matches(query.excluding.sql)})`);
  return where;
}

function orderOf({ request, text }: EngineQuery): SQL[] {
  const { origin, query } = request;
  // Nearest first, straight from the GiST index (cube's <-> is monotonic with distance).
  if (origin && query.sort === 'distance')
    return [
      sql`${items.publicPoint} <-> ll_to_earth(${origin.latitude}, ${origin.longitude})`,
      desc(items.id),
    ];
  if (text)
    return [
      sql`ts_rank_cd(${items.searchVector}, ${text.sql}) desc`,
      desc(items.createdAt),
      desc(items.id),
    ];
  return [desc(items.createdAt), desc(items.id)];
}

/**
 * How many listings match. Plain count(*) on purpose: with a LIMIT the planner may walk the
 * newest-first index hoping to meet matches early, and when there are none it reads every row.
 */
async function countWhere(db: Database, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(items)
    .where(and(...where));
  return row?.n ?? 0;
}

/** PostgreSQL answers every query: ranking each page, counting with GROUP BY. */
export const sqlEngine: SearchEngine = {
  async page(db, query, { offset, limit }) {
    const order = orderOf(query);
    // The page's ids first, from the index alone; owners, categories and ratings are then joined
    // for those rows only. In one query, PostgreSQL would compute the ratings for every row an
    // OFFSET skips as well.
    const page = db
      .select({ id: items.id })
      .from(items)
      .where(and(...whereOf(query)))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return selectItems(db)
      .where(inArray(items.id, page))
      .orderBy(...order);
  },

  count: (db, query) => countWhere(db, whereOf(query)),

  async facets(db, query): Promise<MatchCounts> {
    const [byCategory, byCondition] = await Promise.all([
      db
        .select({ id: items.categoryId, count: sql<number>`count(*)::int` })
        .from(items)
        .where(and(...whereOf(query, 'category'), isNotNull(items.categoryId)))
        .groupBy(items.categoryId),
      db
        .select({ condition: items.condition, count: sql<number>`count(*)::int` })
        .from(items)
        .where(and(...whereOf(query, 'condition')))
        .groupBy(items.condition),
    ]);
    const categories = new Map(byCategory.map((row) => [row.id as number, row.count]));
    const conditions = new Map(byCondition.map((row) => [row.condition, row.count]));
    // The query's own total: the category counts within the chosen condition already filter by
    // everything but the category, so the chosen category's count (or the sum) is the total.
    const { categoryId, condition } = query.request.query;
    const total = categoryId
      ? (categories.get(categoryId) ?? 0)
      : condition
        ? (conditions.get(condition) ?? 0)
        : [...conditions.values()].reduce((sum, n) => sum + n, 0);
    return { total, categories, conditions };
  },
};
