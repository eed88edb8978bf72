import { eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { ItemsQuery } from '../../../shared/items.js';
import { items } from '../../db/schema/items.js';
import { notWithdrawn, onTheMarket } from '../items/on-market.js';
import type { MatchFilter } from './ranked-matches.js';

/** A place and a radius to search around (browse's Near field), resolved. */
export type Origin = { latitude: number; longitude: number; radiusKm: number };

/** A browse or search query as an engine answers it: the query, where `near` is, who asks. */
export type SearchRequest = { query: ItemsQuery; origin?: Origin; viewerId: string | null };

/** Query fields that are not filters: the words, the page, the order, the diagnostics. */
type NotFilters = 'search' | 'limit' | 'offset' | 'sort' | 'debug' | 'radiusKm';

/** Every other field of a browse query filters the listings, and is declared in FILTERS. */
export type FilterName = Exclude<keyof ItemsQuery, NotFilters>;

/** A facet of GET /api/items/facets: its counts leave its own filter out. */
export type Facet = 'category' | 'condition';

type Filter = {
  /** The condition in SQL on the items table, or undefined when the request does not use it. */
  sql: (request: SearchRequest) => SQL | undefined;
  /**
   * The same condition as kept rankings apply it in memory. A filter without one keeps every
   * request that uses it in PostgreSQL: a new filter is never silently ignored (deny by default).
   */
  kept?: (request: SearchRequest) => MatchFilter;
  /** The facet counted without this filter, so each choice shows what it would find. */
  facet?: Facet;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Listings whose public point lies within `radiusKm` of the origin, as shown: a distance that
 * rounds to `radiusKm` counts. The earth_box test runs on the GiST index of public points.
 */
export function withinRadius(origin: Origin): SQL {
  const center = sql`ll_to_earth(${origin.latitude}, ${origin.longitude})`;
  const metres = (origin.radiusKm + 0.5) * 1000;
  return sql`(earth_box(${center}, ${metres}) @> ${items.publicPoint} and earth_distance(${center}, ${items.publicPoint}) < ${metres})`;
}

/**
 * Every filter of a browse query, declared once: the SQL PostgreSQL runs and, where kept
 * rankings can apply it, the same condition in memory. A field added to the query schema is a
 * type error here until it is declared.
 */
export const FILTERS: Record<FilterName, Filter> = {
  categoryId: {
    sql: ({ query }) => (query.categoryId ? eq(items.categoryId, query.categoryId) : undefined),
    kept: ({ query }) => ({ categoryId: query.categoryId }),
    facet: 'category',
  },
  condition: {
    sql: ({ query }) => (query.condition ? eq(items.condition, query.condition) : undefined),
    kept: ({ query }) => ({ condition: query.condition }),
    facet: 'condition',
  },
  /** Kept rankings keep each match's mode (like its category and condition): answered there. */
  mode: {
    sql: ({ query }) => (query.mode ? eq(items.mode, query.mode) : undefined),
    kept: ({ query }) => ({ mode: query.mode }),
  },
  location: {
    sql: ({ query }) =>
      query.location ? ilike(items.location, `%${escapeLike(query.location)}%`) : undefined,
  },
  userId: {
    sql: ({ query }) => (query.userId ? eq(items.userId, query.userId) : undefined),
  },
  near: {
    sql: ({ origin }) => (origin ? withinRadius(origin) : undefined),
  },
  scope: {
    sql: ({ query }) => (query.scope === 'local' ? isNull(items.originInstanceId) : undefined),
  },
};

const declared = Object.values(FILTERS);

/** A member's own list (`userId` = the viewer) shows them their unlisted listings too. */
const ownList = ({ query, viewerId }: SearchRequest) =>
  query.userId !== undefined && query.userId === viewerId;

/**
 * Everything but the search words, in SQL: on the market (or, in a member's own list, not
 * withdrawn) and every filter the request uses, but those of the facet being counted.
 */
export function sqlConditions(request: SearchRequest, leaveOut?: Facet): SQL[] {
  const conditions = [ownList(request) ? notWithdrawn() : onTheMarket()];
  for (const filter of declared) {
    if (leaveOut && filter.facet === leaveOut) continue;
    const condition = filter.sql(request);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/**
 * The request's filters as kept rankings apply them, or null when one of them has no kept form
 * (or the order is not a ranking's): then PostgreSQL answers.
 */
export function keptFilter(request: SearchRequest): MatchFilter | null {
  if (request.query.sort === 'distance') return null;
  let filter: MatchFilter = {};
  for (const declaration of declared) {
    if (!declaration.sql(request)) continue;
    if (!declaration.kept) return null;
    filter = { ...filter, ...declaration.kept(request) };
  }
  return filter;
}
