/**
 * The run's query plans (EXPLAIN ANALYZE of the SQL the app itself runs): the matches queries,
 * and with them, unless BENCH_ONLY=matching, the API table's reads.
 */
import { findItem } from '../../server/features/items/listing-reads.js';
import { searchEngines, searchListings } from '../../server/features/search/search.service.js';
import {
  messagesPageJsonSql,
  swapRequestsPageJsonSql,
} from '../../server/features/swaps/swaps.queries.js';
import { OFFERS_PAGE_SIZE } from '../../shared/swap-display.js';
import { createExplainer } from './explain.js';
import { matchesPlans } from './matching.js';
import { API_ONLY, ONLY_MATCHING, say } from './run-settings.js';

export async function queryPlans(url: string, memberId: string, conversationId: number) {
  say('query plans');
  const explainer = createExplainer(url);
  /** A browse or search page of 24 as a signed-out visitor asks for it. */
  const search = (query: Record<string, unknown>) =>
    explainer.explain((db) =>
      searchListings(db, searchEngines(), {
        query: { limit: 24, offset: 0, ...query } as never,
        viewerId: null,
      }),
    );
  const plans = ONLY_MATCHING
    ? await matchesPlans(explainer, memberId)
    : {
        ...(API_ONLY ? {} : await matchesPlans(explainer, memberId)),
        browse: await search({}),
        deep: await search({ offset: 4776 }),
        category: await search({ categoryId: 3 }),
        'search-rare': await search({ search: 'theodolite' }),
        'search-common': await search({ search: 'vintage' }),
        'search-prefix': await search({ search: 'tele' }),
        detail: await explainer.explain((db) => findItem(db, 4242)),
        'swap-requests': await explainer.explain((db) =>
          db.execute(swapRequestsPageJsonSql(memberId, { limit: OFFERS_PAGE_SIZE, offset: 0 })),
        ),
        messages: await explainer.explain((db) =>
          db.execute(messagesPageJsonSql(conversationId, { limit: 200 })),
        ),
      };
  await explainer.close();
  for (const [key, plan] of Object.entries(plans)) {
    say(`EXPLAIN ${key}: ${plan.executionMs.toFixed(2)} ms\n    ${plan.plan.join('\n    ')}`);
  }
  return plans;
}
