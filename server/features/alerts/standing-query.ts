import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { queryPrepared } from '../../db/prepared.js';
import { AppError } from '../../errors.js';
import { notBlockedBetween } from '../blocks/blocks.queries.js';
import { onTheMarket } from '../items/on-market.js';
import { textQuery } from '../search/text-query.js';

/** Marks a reverse-index key that matches any lexeme starting with it (a prefix word). */
export const PREFIX_KEY = 'p:';

/**
 * The lexemes of a tsquery's indexable part (querytree: negations dropped), as reverse-index
 * keys. Every listing the query matches contains at least one of them, whatever its and/or
 * shape: the keys are a complete filter, and `@@` decides.
 */
export function keysOfQueryTree(tree: string): string[] {
  const keys = new Set<string>();
  for (const match of tree.matchAll(/'((?:[^']|'')*)'(:\*)?/g)) {
    const lexeme = (match[1] ?? '').replace(/''/g, "'");
    if (lexeme) keys.add(match[2] ? `${PREFIX_KEY}${lexeme}` : lexeme);
  }
  return [...keys];
}

export const NO_SEARCH_WORDS =
  'Add words that say what you are looking for (very common words such as “the” are not searched)';

/**
 * A search box's text as a standing query: the browse page's own full-text query (same words,
 * same stemming, the last word a prefix), compiled once, with its reverse-index keys.
 *
 * Written to fold later with the want graph's text wants (server/features/matching): both keep
 * a tsquery per standing query plus the lexemes that must occur, find candidates for a new
 * listing through an index on those lexemes, and confirm with `@@`.
 */
export async function compileStandingQuery(
  db: Executor,
  search: string,
): Promise<{ query: string; keys: string[] }> {
  const query = textQuery(search);
  if (!query) throw new AppError(400, NO_SEARCH_WORDS);
  const { rows } = await db.execute<{ query: string; tree: string }>(
    sql`select (${query})::text as query, querytree(${query}) as tree`,
  );
  const row = rows[0];
  const keys = row ? keysOfQueryTree(row.tree) : [];
  if (!row || keys.length === 0) throw new AppError(400, NO_SEARCH_WORDS);
  return { query: row.query, keys };
}

/**
 * The alerts a listing matches, as its owner's browse search would: active listing, all the
 * alert's words (the last as a prefix), its category, its mode (give-aways or swaps, if it keeps
 * to one), its radius around the listing's public point, and its scope (a listing of another community never matches an alert kept to this
 * one). Never the listing owner's own alerts; paused alerts are not looked at.
 *
 * Candidates come from the GIN index on `keys` (overlap with the listing's lexemes and all their
 * prefixes), then `@@` confirms each.
 */
export async function findAlertsForListing(db: Executor, itemId: number) {
  // Prepared: run in every listing change's transaction, it costs more to plan than to run.
  return queryPrepared<{
    id: number;
    user_id: string;
    search: string;
    frequency: 'instant' | 'daily';
  }>(
    db,
    sql`
    with listing as (
      select id, user_id, category_id, mode, search_vector, public_point, origin_instance_id
      from items where id = ${itemId} and ${onTheMarket()}
    ), lexemes as (
      select unnest(tsvector_to_array(search_vector)) as lexeme from listing
    ), listing_keys as (
      select array(
        select lexeme from lexemes
        union
        select ${PREFIX_KEY} || left(lexeme, n) from lexemes, generate_series(1, length(lexeme)) n
      ) as keys
    )
    select s.id, s.user_id, s.search, s.frequency
    from saved_searches s, listing l
    where s.frequency <> 'off'
      and s.keys && (select keys from listing_keys)
      and s.user_id <> l.user_id
      and l.search_vector @@ s.query
      and ${notBlockedBetween(sql`s.user_id`, sql`l.user_id`)}
      and (s.category_id is null or s.category_id = l.category_id)
      and (s.mode is null or s.mode = l.mode)
      and (s.scope = 'everywhere' or l.origin_instance_id is null)
      and (s.latitude is null or (l.public_point is not null
           and earth_distance(ll_to_earth(s.latitude, s.longitude), l.public_point)
               < (s.radius_km + 0.5) * 1000))
    order by s.id`,
  );
}
