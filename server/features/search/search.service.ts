import { sql } from 'drizzle-orm';
import { COORDINATES_PATTERN, DEFAULT_RADIUS_KM, type ItemsQuery } from '../../../shared/items.js';
import type { Actor } from '../../../shared/policies/decision.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { categories } from '../../db/schema/catalog.js';
import { AppError } from '../../errors.js';
import type { Coordinates } from '../../infra/geocoding/geocoder.js';
import type { ItemRow } from '../items/listing-reads.js';
import { type EngineQuery, firstAnswer, type SearchEngine } from './engine.js';
import type { Origin, SearchRequest } from './filters.js';
import { keptEngine } from './kept-engine.js';
import { type KeptRankings, keptRankingsOf } from './kept-rankings.js';
import { addCounts, type MatchCounts } from './ranked-matches.js';
import { correctWords } from './spelling.js';
import { sqlEngine } from './sql-engine.js';
import { FEW_RESULTS, searchWords, type TextQuery, textQueryOf, WEB_SYNTAX } from './text-query.js';

/**
 * The engines that answer one search, in the order they are asked: kept rankings when there are
 * any (this server's, or a bench's), then PostgreSQL.
 */
export function searchEngines(rankings?: KeptRankings): SearchEngine[] {
  return rankings ? [keptEngine(rankings), sqlEngine] : [sqlEngine];
}

/** The engines of this app server. */
export const searchEnginesOf = (ctx: AppContext) => searchEngines(keptRankingsOf(ctx));

/**
 * Where a place the member typed is: `lat,lon` from a browser (rounded to about a kilometre: a
 * searcher's exact position is not ours to keep), or a place the geocoder knows; 400 otherwise.
 */
export async function resolvePlace(ctx: AppContext, near: string): Promise<Coordinates> {
  const typed = COORDINATES_PATTERN.exec(near);
  if (typed) {
    const latitude = Number(typed[1]);
    const longitude = Number(typed[2]);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
      throw new AppError(400, 'near must be a place or a latitude,longitude on the map');
    const round = (v: number) => Math.round(v * 100) / 100;
    return { latitude: round(latitude), longitude: round(longitude) };
  }
  const found = await ctx.geocode(near);
  if (!found) throw new AppError(400, `We could not find "${near}". Try a nearby town or city.`);
  return found;
}

/** The browse page's Near field and radius, resolved. */
export async function resolveOrigin(
  ctx: AppContext,
  query: ItemsQuery,
): Promise<Origin | undefined> {
  if (!query.near) return undefined;
  return {
    ...(await resolvePlace(ctx, query.near)),
    radiusKm: query.radiusKm ?? DEFAULT_RADIUS_KM,
  };
}

/**
 * The words with misspelt ones corrected, when the words as typed find fewer than FEW_RESULTS
 * (`exactFound`: how many the page already read holds, at which offset), and how many the words
 * as typed find; null when nothing is to be corrected.
 */
async function correction(
  db: Database,
  engines: readonly SearchEngine[],
  request: SearchRequest,
  exact: TextQuery,
  exactFound: { onPage: number; offset: number; limit: number },
): Promise<{ corrected: TextQuery; exactTotal: number } | null> {
  const term = request.query.search ?? '';
  const words = searchWords(term);
  if (!words || WEB_SYNTAX.test(term)) return null;
  if (exactFound.onPage >= Math.min(exactFound.limit, FEW_RESULTS)) return null;
  const exactTotal =
    exactFound.onPage > 0 || exactFound.offset === 0
      ? exactFound.offset + exactFound.onPage
      : await firstAnswer(engines, (engine) => engine.count(db, { request, text: exact }));
  if (exactTotal >= FEW_RESULTS) return null;
  const fixed = await correctWords(db, words);
  const corrected = fixed && textQueryOf(fixed.join(' '));
  return corrected ? { corrected, exactTotal } : null;
}

/**
 * A page of browse or search: newest first, or by rank for words, or nearest first. When the
 * words as typed find fewer than FEW_RESULTS, the listings that match once misspelt words are
 * corrected follow every exact one.
 */
export async function searchListings(
  db: Database,
  engines: readonly SearchEngine[],
  request: SearchRequest,
  options: { corrections?: boolean } = {},
): Promise<ItemRow[]> {
  const { query } = request;
  const exact = query.search ? textQueryOf(query.search) : undefined;
  if (query.search && !exact) return [];
  const page = (asked: EngineQuery, offset: number, limit: number) =>
    firstAnswer(engines, (engine) => engine.page(db, asked, { offset, limit }));
  const rows = await page({ request, text: exact }, query.offset, query.limit);
  if (!exact || rows.length >= query.limit || options.corrections === false) return rows;
  const fixed = await correction(db, engines, request, exact, {
    onPage: rows.length,
    offset: query.offset,
    limit: query.limit,
  });
  if (!fixed) return rows;
  const more = await page(
    { request, text: fixed.corrected, excluding: exact },
    Math.max(0, query.offset - fixed.exactTotal),
    query.limit - rows.length,
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
export async function searchFacets(
  db: Database,
  engines: readonly SearchEngine[],
  request: SearchRequest,
): Promise<Facets> {
  const { query } = request;
  const facets = (asked: EngineQuery) => firstAnswer(engines, (engine) => engine.facets(db, asked));
  const exact = query.search ? textQueryOf(query.search) : undefined;
  if (query.search && !exact) return { total: 0, categories: [], conditions: [] };
  let counts = await facets({ request, text: exact });
  if (exact) {
    const fixed = await correction(db, engines, request, exact, {
      onPage: counts.total,
      offset: 0,
      limit: FEW_RESULTS,
    });
    if (fixed)
      counts = addCounts(
        counts,
        await facets({ request, text: fixed.corrected, excluding: exact }),
      );
  }
  return namedFacets(db, counts);
}

/**
 * Counts named and ordered by PostgreSQL (count, then name in the database's collation), whoever
 * counted them.
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

/** A browse or search request as the route asks it: the place resolved, the viewer known. */
export async function searchRequest(
  ctx: AppContext,
  query: ItemsQuery,
  viewer: Actor | null,
): Promise<SearchRequest> {
  return { query, origin: await resolveOrigin(ctx, query), viewerId: viewer?.id ?? null };
}
