import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { transact } from '../../db/transact.js';
import { rebuildGraph } from './graph-rebuild.js';

/**
 * Helpers for the matching tests: listings and wants through the routes, the graph as rows. The
 * graph follows a change once its upkeep ran: the helpers wait for it (`settleGraph`) unless
 * told `{ settle: false }`.
 */

type Settle = { settle?: boolean };

/** Waits until the want graph has applied every change committed so far. */
export function settleGraph(app: FastifyInstance): Promise<void> {
  return app.wantGraph.settle();
}

export async function createListing(
  app: FastifyInstance,
  cookie: string,
  fields: { title: string; description?: string; wantedItems?: string | null; images?: string[] },
  options: Settle = {},
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/items',
    headers: { cookie },
    payload: {
      condition: 'good',
      ...fields,
      description: fields.description ?? 'Looked after',
      wantedItems: fields.wantedItems ?? null,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  if (options.settle !== false) await settleGraph(app);
  return response.json().id;
}

export async function putWants(
  app: FastifyInstance,
  cookie: string,
  itemId: number,
  ids: number[],
  options: Settle = {},
) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/items/${itemId}/wants`,
    headers: { cookie },
    payload: { itemIds: ids },
  });
  if (options.settle !== false) await settleGraph(app);
  return response;
}

/** Takes a listing off the market or puts it back the way a service does: row and hook together. */
export async function setActive(
  app: FastifyInstance,
  db: Database,
  itemId: number,
  isActive: boolean,
  options: Settle = {},
): Promise<void> {
  await transact(db, async (tx) => {
    const [row] = await tx
      .update(items)
      .set({ isActive })
      .where(eq(items.id, itemId))
      .returning({ userId: items.userId });
    if (!row) throw new Error(`no item ${itemId}`);
    await app.hooks.emit(tx, 'item.changed', {
      itemId,
      userId: row.userId,
      kind: isActive ? 'reactivated' : 'deactivated',
    });
  });
  if (options.settle !== false) await settleGraph(app);
}

/** Every derived table of the graph, ids of phrases replaced by (listing, position). */
export async function graphSnapshot(db: Executor) {
  const rows = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  return {
    listings: await rows(sql`
      select item_id, user_id, offer_vector::text as vector, wanted_items, giveaway
        from matching_listings order by item_id`),
    phrases: await rows(sql`
      select item_id, user_id, position, phrase, query::text as query, key_lexeme, match_count,
             floor_score, floor_item_id
        from want_phrases order by item_id, position`),
    matches: await rows(sql`
      select p.item_id, p.position, m.item_id as match, m.rank, m.score
        from phrase_matches m join want_phrases p on p.id = m.phrase_id
       order by p.item_id, p.position, m.item_id`),
    edges: await rows(sql`
      select from_item_id, to_item_id, from_user_id, to_user_id, source, rank, score
        from want_edges order by from_item_id, to_item_id`),
    cycles: await rows(sql`
      select item_a, item_b, item_c, user_id from want_cycles order by item_a, item_b, item_c`),
  };
}

/** The graph a rebuild from scratch makes, read inside its transaction and then rolled back. */
export async function rebuiltSnapshot(db: Database) {
  let snapshot: Awaited<ReturnType<typeof graphSnapshot>> | undefined;
  await db
    .transaction(async (tx) => {
      await rebuildGraph(tx);
      snapshot = await graphSnapshot(tx);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return snapshot;
}
