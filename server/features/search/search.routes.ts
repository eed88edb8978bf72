import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  debugSearchSchema,
  type ItemsQuery,
  itemFacetsSchema,
  itemSchema,
  itemsQuerySchema,
} from '../../../shared/items.js';
import type { AppContext } from '../../context.js';
import { sendJsonText, serializedJson } from '../../http/json-text.js';
import { currentUser } from '../../plugins/session.js';
import { presentItem } from '../items/items.presenter.js';
import { keptFacetsOf, keptPagesOf } from './kept-pages.js';
import { presentDebugSearch } from './search.presenter.js';
import { searchEnginesOf, searchFacets, searchListings, searchRequest } from './search.service.js';

const itemListSchema = z.array(itemSchema);

/**
 * Whether everyone asking this query gets the same answer, so it may be kept: not a member's own
 * `userId` list (it shows them their unlisted listings), not the diagnostics' `debug`.
 */
const shared = (query: ItemsQuery) => !query.userId && !query.debug;

/** GET /api/items (browse and search) and its facets. */
export function registerSearchRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/items',
    {
      schema: {
        summary: 'Browse and search listings',
        description:
          "An array, newest first (or by rank when searching; when the words as typed find fewer than 10 listings, misspelt words are corrected to the nearest title words and those listings follow the exact ones). Inactive listings appear only in their owner's own `userId` list. `debug=true` wraps the answer as `{items, searchParams, debug}` for the diagnostics pages.",
        querystring: itemsQuerySchema,
        response: { 200: z.union([z.array(itemSchema), debugSearchSchema]) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (shared(query)) {
        // Kept as the bytes sent, the same for everyone: a hit costs no query, no session
        // lookup, no presenter and no JSON.
        const asked = await searchRequest(ctx, query, null);
        const body = await keptPagesOf(ctx).get(
          JSON.stringify([query, asked.origin ?? null]),
          async () => {
            const rows = await searchListings(ctx.db, searchEnginesOf(ctx), asked);
            return serializedJson(
              itemListSchema,
              rows.map((row) => presentItem(row, { summary: true, from: asked.origin })),
            );
          },
        );
        return sendJsonText(reply, body);
      }
      const asked = await searchRequest(ctx, query, await currentUser(request));
      const started = performance.now();
      const rows = await searchListings(ctx.db, searchEnginesOf(ctx), asked);
      return query.debug
        ? presentDebugSearch(rows, query, performance.now() - started)
        : rows.map((row) => presentItem(row, { summary: true, from: asked.origin }));
    },
  );

  app.get(
    '/api/items/facets',
    {
      schema: {
        summary: 'Counts per category and condition for a browse or search query',
        description:
          "Takes GET /api/items's query (`search`, `categoryId`, `condition`, `location`, `near`, …; paging is ignored) and counts the listings it finds per category and per condition. Category counts leave the query's own `categoryId` out and condition counts its `condition`, so each choice shows what it would find; `total` is the query's own count. Typo corrections count as the list shows them.",
        querystring: itemsQuerySchema,
        response: { 200: itemFacetsSchema },
      },
    },
    async (request) => {
      const { query } = request;
      // Only a member's own list (userId) depends on who asks.
      const viewer = query.userId ? await currentUser(request) : null;
      const asked = await searchRequest(ctx, query, viewer);
      const count = () => searchFacets(ctx.db, searchEnginesOf(ctx), asked);
      if (query.userId) return count();
      const { limit: _limit, offset: _offset, debug: _debug, ...counted } = query;
      return keptFacetsOf(ctx).get(JSON.stringify([counted, asked.origin ?? null]), count);
    },
  );
}
