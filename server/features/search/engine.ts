import type { Database } from '../../db/client.js';
import type { ItemRow } from '../items/listing-reads.js';
import type { SearchRequest } from './filters.js';
import type { MatchCounts } from './ranked-matches.js';
import type { TextQuery } from './text-query.js';

/**
 * What an engine is asked: the request's filters, the words to match (none: browse, newest
 * first) and words whose matches to leave out (a typo correction's page leaves out the listings
 * the words as typed found, which came first).
 */
export type EngineQuery = { request: SearchRequest; text?: TextQuery; excluding?: TextQuery };

/**
 * One way of answering browse and search: PostgreSQL (every query), kept rankings (the queries
 * whose every filter they support), and later remote listings or an external search engine.
 * Each answer is null when this engine cannot give it, and the next engine is asked.
 */
export type SearchEngine = {
  /** The page `offset`..`offset + limit`, in order: rank, then newest (or nearest). */
  page: (
    db: Database,
    query: EngineQuery,
    window: { offset: number; limit: number },
  ) => Promise<ItemRow[] | null>;
  /** How many listings match. */
  count: (db: Database, query: EngineQuery) => Promise<number | null>;
  /** How many match per category and per condition, each leaving its own filter out. */
  facets: (db: Database, query: EngineQuery) => Promise<MatchCounts | null>;
};

/** The first engine's answer that is not null; the last engine must always answer. */
export async function firstAnswer<T>(
  engines: readonly SearchEngine[],
  ask: (engine: SearchEngine) => Promise<T | null>,
): Promise<T> {
  for (const engine of engines) {
    const answer = await ask(engine);
    if (answer !== null) return answer;
  }
  throw new Error('No search engine answered');
}
