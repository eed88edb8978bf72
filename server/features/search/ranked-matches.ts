import { LISTING_MODES, type ListingMode } from '../../../shared/item-display.js';

/**
 * Every listing a search matches, in the order a search page shows them (rank, then newest, then
 * highest id), held as columns of typed arrays: a common word's 33,000 matches at 1M listings take
 * under a megabyte, and a page, a count or the facets are a scan of them rather than a ranking of
 * every match by PostgreSQL (issue 19 §5, decision 005).
 */

/** One match as a ranking keeps it: what orders it, and what browse filters it on. */
export type RankedMatch = {
  id: number;
  /** ts_rank_cd of the listing for the query: a float4, kept exactly (Float32Array). */
  rank: number;
  /** created_at in microseconds since the epoch: exact in a double until the year 2255. */
  createdMicros: number;
  categoryId: number | null;
  condition: string;
  mode: ListingMode;
};

export type RankedMatches = {
  readonly size: number;
  readonly ids: Int32Array;
  readonly ranks: Float32Array;
  readonly created: Float64Array;
  /** NO_CATEGORY for a listing without one. */
  readonly categories: Int32Array;
  readonly conditions: readonly string[];
  /** Each match's mode as its index in LISTING_MODES: a byte a match. */
  readonly modes: Uint8Array;
};

/**
 * The filters a ranking answers in memory (every other filter keeps the search in SQL), and
 * listings to leave out (`without`: a typo correction's page leaves out the exact matches).
 */
export type MatchFilter = {
  categoryId?: number;
  condition?: string;
  mode?: ListingMode;
  without?: ReadonlySet<number>;
};

const NO_CATEGORY = -1;

const modeIndex = (mode: ListingMode) => {
  const index = LISTING_MODES.indexOf(mode);
  if (index < 0) throw new Error(`unknown listing mode ${mode}`);
  return index;
};

/** Negative when `a` comes first on a page: higher rank, then newer, then higher id. */
function compare(a: RankedMatch, b: RankedMatch): number {
  return b.rank - a.rank || b.createdMicros - a.createdMicros || b.id - a.id;
}

function matchAt(list: RankedMatches, i: number): RankedMatch {
  const category = list.categories[i] as number;
  return {
    id: list.ids[i] as number,
    rank: list.ranks[i] as number,
    createdMicros: list.created[i] as number,
    categoryId: category === NO_CATEGORY ? null : category,
    condition: list.conditions[i] as string,
    mode: LISTING_MODES[list.modes[i] as number] as ListingMode,
  };
}

function columns(matches: readonly RankedMatch[]): RankedMatches {
  return fromArrays({
    ids: matches.map((m) => m.id),
    ranks: matches.map((m) => m.rank),
    created: matches.map((m) => m.createdMicros),
    categories: matches.map((m) => m.categoryId),
    conditions: matches.map((m) => m.condition),
    modes: matches.map((m) => m.mode),
  });
}

/** Matches as columns of equal length, as PostgreSQL aggregates them. */
export type MatchArrays = {
  ids: readonly number[];
  ranks: readonly number[];
  created: readonly number[];
  categories: ReadonlyArray<number | null>;
  conditions: readonly string[];
  modes: readonly ListingMode[];
};

function fromArrays(arrays: MatchArrays): RankedMatches {
  return {
    size: arrays.ids.length,
    ids: Int32Array.from(arrays.ids),
    ranks: Float32Array.from(arrays.ranks),
    created: Float64Array.from(arrays.created),
    categories: Int32Array.from(arrays.categories, (c) => c ?? NO_CATEGORY),
    conditions: arrays.conditions,
    modes: Uint8Array.from(arrays.modes, modeIndex),
  };
}

/**
 * The matches straight into columns when they come in page order (PostgreSQL sorted them, off
 * this server's event loop: 200 ms of sorting saved for 300,000 matches), else sorted here.
 */
export function rankedColumns(arrays: MatchArrays): RankedMatches {
  const list = fromArrays(arrays);
  for (let i = 0; i + 1 < list.size; i++) {
    if (compare(matchAt(list, i), matchAt(list, i + 1)) > 0) {
      return rankMatches(Array.from({ length: list.size }, (_, k) => matchAt(list, k)));
    }
  }
  return list;
}

/** The matches in page order. Ranks are rounded to float4 first, as PostgreSQL sorts them. */
export function rankMatches(matches: readonly RankedMatch[]): RankedMatches {
  return columns(matches.map((m) => ({ ...m, rank: Math.fround(m.rank) })).sort(compare));
}

/**
 * The ranking once `changed` listings are taken out and those of them that still match
 * (`matching`, as they are now) put back in their place.
 */
export function withChanges(
  list: RankedMatches,
  changed: ReadonlySet<number>,
  matching: readonly RankedMatch[],
): RankedMatches {
  const kept: RankedMatch[] = [];
  for (let i = 0; i < list.size; i++) {
    if (!changed.has(list.ids[i] as number)) kept.push(matchAt(list, i));
  }
  const added = rankMatches(matching.filter((m) => changed.has(m.id)));
  // Both sides are in page order: merge them.
  const merged: RankedMatch[] = [];
  let k = 0;
  for (let a = 0; a < added.size; a++) {
    const next = matchAt(added, a);
    while (k < kept.length && compare(kept[k] as RankedMatch, next) < 0)
      merged.push(kept[k++] as RankedMatch);
    merged.push(next);
  }
  while (k < kept.length) merged.push(kept[k++] as RankedMatch);
  return columns(merged);
}

/**
 * Whether a match is counted at all: not left out (`without`) and of the mode asked for (the mode
 * is no facet: every count is of that mode).
 */
const left = (list: RankedMatches, i: number, filter: MatchFilter) =>
  filter.without?.has(list.ids[i] as number) !== true &&
  (filter.mode === undefined || list.modes[i] === modeIndex(filter.mode));

function passes(list: RankedMatches, i: number, filter: MatchFilter): boolean {
  return (
    (filter.categoryId === undefined || list.categories[i] === filter.categoryId) &&
    (filter.condition === undefined || list.conditions[i] === filter.condition) &&
    left(list, i, filter)
  );
}

/** The ids of the page `offset`..`offset + limit` of the matches the filter keeps. */
export function pageOf(
  list: RankedMatches,
  filter: MatchFilter,
  offset: number,
  limit: number,
): number[] {
  const ids: number[] = [];
  let seen = 0;
  for (let i = 0; i < list.size && ids.length < limit; i++) {
    if (!passes(list, i, filter)) continue;
    if (seen++ >= offset) ids.push(list.ids[i] as number);
  }
  return ids;
}

export type MatchCounts = {
  /** Matches the filter keeps. */
  total: number;
  /** Per category, leaving the filter's own category out (as shops' filters count). */
  categories: Map<number, number>;
  /** Per condition, leaving the filter's own condition out. */
  conditions: Map<string, number>;
};

/** The facets of the matches: listings without a category count in no category. */
export function countMatches(list: RankedMatches, filter: MatchFilter): MatchCounts {
  const counts: MatchCounts = { total: 0, categories: new Map(), conditions: new Map() };
  for (let i = 0; i < list.size; i++) {
    if (!left(list, i, filter)) continue;
    const category = list.categories[i] as number;
    const condition = list.conditions[i] as string;
    const categoryPasses = filter.categoryId === undefined || category === filter.categoryId;
    const conditionPasses = filter.condition === undefined || condition === filter.condition;
    if (categoryPasses && conditionPasses) counts.total++;
    if (conditionPasses && category !== NO_CATEGORY)
      counts.categories.set(category, (counts.categories.get(category) ?? 0) + 1);
    if (categoryPasses)
      counts.conditions.set(condition, (counts.conditions.get(condition) ?? 0) + 1);
  }
  return counts;
}

/** Two sets of counts over listings that do not overlap, added up. */
export function addCounts(a: MatchCounts, b: MatchCounts): MatchCounts {
  const sum = <K>(x: Map<K, number>, y: Map<K, number>) => {
    const total = new Map(x);
    for (const [key, n] of y) total.set(key, (total.get(key) ?? 0) + n);
    return total;
  };
  return {
    total: a.total + b.total,
    categories: sum(a.categories, b.categories),
    conditions: sum(a.conditions, b.conditions),
  };
}

/** Every id of a ranking. */
export const idsOf = (list: RankedMatches): ReadonlySet<number> => new Set(list.ids);
