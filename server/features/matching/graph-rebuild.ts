import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { allCyclesSql } from './cycle-upkeep.js';
import { desiredEdges } from './edge-derivation.js';
import { insertListingsSql, lockGraph, onMarket, Pending } from './graph-sql.js';
import { insertPhrasesSql, rerankPhrases } from './phrase-ranking.js';

/**
 * Rebuilds the graph from the listings and named wants alone, in `tx` (readers see the old graph
 * until it commits). Recovery, the bench's seed, and the proof that incremental upkeep is exact.
 * Changes recorded before it starts are consumed (it reflects them); those committed while it
 * runs stay in want_graph_changes for the upkeep. `circles` counts kept rotations / 3 (every
 * circle while no listing has more than CIRCLES_PER_LISTING).
 */
export async function rebuildGraph(
  tx: Executor,
  report: (line: string) => void = () => {},
): Promise<{ listings: number; phrases: number; edges: number; circles: number }> {
  await lockGraph(tx);
  // Every change committed so far is in what follows; later ones stay for the upkeep. (So a
  // rebuild also gets the upkeep past a recorded change it could not apply.)
  await tx.execute(sql`delete from want_graph_changes`);
  await tx.execute(sql`delete from want_cycles`);
  await tx.execute(sql`delete from want_edges`);
  await tx.execute(sql`delete from phrase_matches`);
  await tx.execute(sql`delete from want_phrases`);
  await tx.execute(sql`delete from matching_listings`);
  const listings = await tx.execute(insertListingsSql(onMarket(sql`i`)));
  report(`${listings.rowCount ?? 0} listings on the market`);

  const batch = 5_000;
  for (let after = 0; ; ) {
    const { rows } = await tx.execute<{
      item_id: number;
      user_id: string;
      wanted_items: string;
    }>(sql`
      select item_id, user_id, wanted_items from matching_listings
       where item_id > ${after} and wanted_items is not null
       order by item_id limit ${batch}`);
    if (rows.length === 0) break;
    after = Number(rows.at(-1)?.item_id);
    const insert = insertPhrasesSql(
      rows.map((row) => ({
        id: Number(row.item_id),
        userId: row.user_id,
        wantedItems: row.wanted_items,
      })),
    );
    if (insert) await tx.execute(insert);
  }

  // Phrases in query order, so that a batch shares its rankings.
  const { rows: phraseRows } = await tx.execute<{ id: number }>(
    sql`select id from want_phrases order by query::text, id`,
  );
  report(`${phraseRows.length} phrases`);
  const ignored = new Pending();
  for (let start = 0; start < phraseRows.length; start += 2_000) {
    const ids = phraseRows.slice(start, start + 2_000).map((r) => Number(r.id));
    await rerankPhrases(tx, ids, ignored);
    ignored.pairs = [];
    if (start > 0 && start % 20_000 === 0) report(`  ranked ${start} phrases`);
  }

  const edges = await tx.execute(sql`
    insert into want_edges (from_item_id, to_item_id, from_user_id, to_user_id, source, rank, score)
    select f, t, fu, tu, source, rank, score from (${desiredEdges(null)}) d`);
  report(`${edges.rowCount ?? 0} edges`);
  // Each listing's best circles (hash joins need memory).
  await tx.execute(sql`set local work_mem = '256MB'`);
  const cycles = await tx.execute(allCyclesSql);
  report(`${cycles.rowCount ?? 0} circle rotations kept`);
  return {
    listings: listings.rowCount ?? 0,
    phrases: phraseRows.length,
    edges: edges.rowCount ?? 0,
    circles: (cycles.rowCount ?? 0) / 3,
  };
}
