import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { afterCommit, transact } from '../../db/transact.js';
import { intArray, lockGraph } from './graph-sql.js';
import { applyChanges, type GraphChanges } from './want-graph.js';

/**
 * The want graph follows changes after they commit (issue 36 §2). A change's transaction only
 * records what changed: one row per listing in `want_graph_changes` (a listing written, off or on
 * the market, deleted; or its named wants, which the change wrote to `item_wants` itself), and
 * one upkeep job (unless one is already waiting to run, which will take it). It takes no lock of
 * the graph's, so no write ever waits for the upkeep of another's. The upkeep applies the recorded changes, oldest first, a batch per transaction,
 * under the graph's advisory lock, and announces what they did (the `matches` live event and
 * new-match notifications) in that transaction, so members hear of it when it commits.
 *
 * When: SOON_MS after the commit on the server that made the change (a run in the background),
 * and in any case from the job (within the job worker's poll, 1 s, on whichever server claims
 * it; again after a failure, with back-off). Each server runs at most one upkeep at a time and
 * folds the requests that arrive meanwhile into the next run; across servers the lock makes
 * runs take turns. Applying is a function of the rows now stored, so a change applied twice, or
 * with others, or by a run that started after it committed, gives the same graph.
 */

export const UPKEEP_QUEUE = 'matching.upkeep';

/** Recorded changes applied per upkeep transaction: the lock is let go between batches. */
const BATCH = 100;
/** How long after a commit its upkeep starts here, so changes close together share one run. */
const SOON_MS = 50;

export type GraphUpkeep = {
  /**
   * In a change's transaction: the graph is to follow these listings (`listing`), or their named
   * wants (`wants`). One insert; the first call in a transaction also queues the upkeep job and,
   * once the transaction commits, starts a run here.
   */
  record: (tx: Transaction, itemIds: readonly number[], what: 'listing' | 'wants') => Promise<void>;
  /** Applies every change recorded before the call; resolves once they are applied. */
  settle: () => Promise<void>;
  /** Resolves when this server runs no upkeep (closing). */
  idle: () => Promise<void>;
};

/** Transactions that queued their upkeep job already (one job per transaction). */
const queued = new WeakSet<Transaction>();

export function createGraphUpkeep(
  ctx: AppContext,
  announce: (tx: Transaction, changes: GraphChanges) => Promise<void>,
): GraphUpkeep {
  /** One batch in one transaction; how many recorded changes it applied. */
  const applyBatch = () =>
    transact(ctx.db, async (tx) => {
      await lockGraph(tx);
      const { rows } = await tx.execute<{ item_id: number; wants: boolean }>(sql`
        delete from want_graph_changes
         where id in (select id from want_graph_changes order by id limit ${BATCH})
        returning item_id, wants`);
      if (rows.length === 0) return 0;
      const changes = await applyChanges(tx, {
        listings: rows.filter((row) => !row.wants).map((row) => Number(row.item_id)),
        wantsOf: rows.filter((row) => row.wants).map((row) => Number(row.item_id)),
      });
      await announce(tx, changes);
      return rows.length;
    });

  const drain = async () => {
    for (;;) {
      // Nothing recorded: no need to wait for another server's run to let go of the lock.
      const { rows } = await ctx.db.execute<{ pending: boolean }>(
        sql`select exists (select 1 from want_graph_changes) as pending`,
      );
      if (!rows[0]?.pending) return;
      if ((await applyBatch()) < BATCH) return;
    }
  };

  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const start = () => {
    const run: Promise<void> = drain().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  /** A run that starts after this call: the one under way may have read before its change. */
  const settle = (): Promise<void> => {
    if (!running) return start();
    next ??= running
      .catch(() => {})
      .then(() => {
        next = undefined;
        // A run started meanwhile started after every caller waiting here.
        return running ?? start();
      });
    return next;
  };

  /**
   * A run SOON_MS after a commit, taking every change committed meanwhile: under a stream of
   * changes (another instance's listings arriving) one run applies many, not one each.
   */
  let soonTimer: NodeJS.Timeout | undefined;
  const soon = () => {
    if (soonTimer) return;
    soonTimer = setTimeout(() => {
      soonTimer = undefined;
      settle().catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'The want graph upkeep failed; its job will retry'),
      );
    }, SOON_MS);
    soonTimer.unref();
  };

  return {
    async record(tx, itemIds, what) {
      if (itemIds.length === 0) return;
      await tx.execute(sql`
        insert into want_graph_changes (item_id, wants)
        select id, ${what === 'wants'} from unnest(${intArray([...itemIds])}) as x(id)`);
      if (queued.has(tx)) return;
      queued.add(tx);
      await ctx.jobs.enqueue(tx, UPKEEP_QUEUE, {}, { unlessWaiting: true });
      afterCommit(tx, soon);
    },
    settle,
    async idle() {
      if (soonTimer) {
        clearTimeout(soonTimer);
        soonTimer = undefined;
        await settle().catch(() => {});
      }
      await Promise.allSettled([running, next]);
    },
  };
}
