import type { Database } from '../../db/client.js';
import { listingsInOrder } from '../items/listing-reads.js';
import { onTheMarket } from '../items/on-market.js';
import type { EngineQuery, SearchEngine } from './engine.js';
import { keptFilter } from './filters.js';
import type { KeptRankings } from './kept-rankings.js';
import {
  countMatches,
  idsOf,
  type MatchFilter,
  pageOf,
  type RankedMatches,
} from './ranked-matches.js';
import type { TextQuery } from './text-query.js';

/**
 * Kept rankings (kept-rankings.ts) answer a search whose every filter they can apply in memory
 * (FILTERS' `kept`): a page is a slice, a count and facets a scan of the matches. Anything else
 * (browse without words, a member's own list, a place, a radius, nearest first, a search too
 * large to keep) they leave to the next engine. One engine serves one request, so a ranking read
 * for its page is not read again for its typo correction.
 */
export function keptEngine(rankings: KeptRankings): SearchEngine {
  const read = new Map<string, Promise<RankedMatches | null>>();
  const rankingOf = (db: Database, text: TextQuery) => {
    let ranking = read.get(text.key);
    if (!ranking) {
      ranking = rankings.matchesOf(db, { key: text.key, tsquery: text.sql, listed: onTheMarket() });
      read.set(text.key, ranking);
    }
    return ranking;
  };

  async function matchesOf(
    db: Database,
    query: EngineQuery,
  ): Promise<{ ranking: RankedMatches; filter: MatchFilter } | null> {
    if (!query.text) return null;
    const filter = keptFilter(query.request);
    if (!filter) return null;
    const ranking = await rankingOf(db, query.text);
    if (!ranking) return null;
    if (!query.excluding) return { ranking, filter };
    const excluded = await rankingOf(db, query.excluding);
    return excluded && { ranking, filter: { ...filter, without: idsOf(excluded) } };
  }

  return {
    async page(db, query, { offset, limit }) {
      const kept = await matchesOf(db, query);
      return kept && listingsInOrder(db, pageOf(kept.ranking, kept.filter, offset, limit));
    },
    async count(db, query) {
      const kept = await matchesOf(db, query);
      return kept && countMatches(kept.ranking, kept.filter).total;
    },
    async facets(db, query) {
      const kept = await matchesOf(db, query);
      return kept && countMatches(kept.ranking, kept.filter);
    },
  };
}
