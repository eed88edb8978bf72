import { type SQL, sql } from 'drizzle-orm';
import type { ListingMode } from '../../../shared/item-display.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import {
  type MatchArrays,
  type RankedMatch,
  type RankedMatches,
  rankedColumns,
  withChanges,
} from './ranked-matches.js';

/**
 * Rankings of searches kept per app server and brought up to date, on every use, from the
 * database's log of changed listings (`item_changes`, migration 0020) rather than ranked again:
 * a common word at 1M listings has 33,000 matches, which PostgreSQL takes 0.4 s to rank, while
 * the changes since the last use are usually none (decision 005, "Kept rankings").
 *
 * Exact whoever changed what: a ranking remembers the snapshot it was read in, and asks for the
 * changes that snapshot did not see (`pg_visible_in_snapshot`, so a transaction that committed
 * late under an early id is not missed). Every use waits for a read that started after it came,
 * so a member who changed a listing and then searches, on any server, sees the change.
 */

/** A ranking unused this long is read whole again at its next use: the log keeps 10 minutes. */
const MAX_AGE_MS = 5 * 60_000;
/** The log's rows older than this are pruned, by any server, at most once a minute each. */
const LOG_KEPT = sql`interval '10 minutes'`;
const PRUNE_EVERY_MS = 60_000;
/**
 * Matches a ranking may hold: "vintage" at 1M listings has 41,658, "collection only" 287,500
 * (its first read takes PostgreSQL 2–3 s and this server's event loop about 0.3 s to parse). A
 * search matching more (a one-letter prefix) is ranked by PostgreSQL page by page.
 */
const MAX_PER_RANKING = 500_000;
/** How long a search found too large to keep is left to PostgreSQL before it is tried again. */
const TOO_LARGE_MS = 60_000;
const TOO_LARGE_KEYS = 1_000;
/** More changes than this since the last use, and the ranking is read whole again. */
const MAX_CHANGES = 5_000;

/** What a search ranks and shows: listed, not removed, owner not suspended (items.queries.ts). */
export type RankingQuery = { key: string; tsquery: SQL; listed: SQL };

type Read = { matches: RankedMatches; snapshot: string; readAt: number };

type Run = { ticket: number; done: Promise<Read | null> };

type Ranking = { read?: Read & { ticket: number }; running?: Run };

/** A match's row: what orders it on a page and what browse filters it on (category, condition, mode). */
const matchRow = (tsquery: SQL) => sql`select ${items.id} as id,
    ts_rank_cd(${items.searchVector}, ${tsquery}) as rank,
    (extract(epoch from ${items.createdAt}) * 1000000)::float8 as created,
    ${items.categoryId} as category, ${items.condition} as condition, ${items.mode} as mode
  from ${items}`;

/** The matches (`m`) as one row of arrays: far cheaper to send and parse than one row each. */
const matchColumns = sql`array_agg(m.id) as ids, array_agg(m.rank) as ranks,
  array_agg(m.created) as created, array_agg(m.category) as categories,
  array_agg(m.condition) as conditions, array_agg(m.mode) as modes`;

type MatchColumns = {
  ids: number[] | null;
  ranks: number[] | null;
  created: number[] | null;
  categories: Array<number | null> | null;
  conditions: string[] | null;
  modes: ListingMode[] | null;
};

const arraysOf = (row: MatchColumns): MatchArrays => ({
  ids: row.ids ?? [],
  ranks: row.ranks ?? [],
  created: row.created ?? [],
  categories: row.categories ?? [],
  conditions: row.conditions ?? [],
  modes: row.modes ?? [],
});

function toMatches(row: MatchColumns): RankedMatch[] {
  const arrays = arraysOf(row);
  return arrays.ids.map((id, i) => ({
    id,
    rank: arrays.ranks[i] as number,
    createdMicros: arrays.created[i] as number,
    categoryId: arrays.categories[i] ?? null,
    condition: arrays.conditions[i] as string,
    mode: arrays.modes[i] as ListingMode,
  }));
}

/**
 * Every match, with the snapshot it was read in (one statement, so one snapshot); null when there
 * are more than `cap`, found without ranking them all.
 */
async function readWhole(db: Database, query: RankingQuery, cap: number): Promise<Read | null> {
  const readAt = Date.now();
  const counted = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (select 1 from ${items}
      where ${query.listed} and ${items.searchVector} @@ ${query.tsquery} limit ${cap + 1}) c`);
  if ((counted.rows[0]?.n ?? 0) > cap) return null;
  // Sorted by PostgreSQL; rankedColumns checks the order the aggregates kept.
  const result = await db.execute<MatchColumns & { snapshot: string }>(sql`
    select pg_current_snapshot()::text as snapshot, ${matchColumns}
      from (${matchRow(query.tsquery)}
             where ${query.listed} and ${items.searchVector} @@ ${query.tsquery}
             order by rank desc, ${items.createdAt} desc, ${items.id} desc) m`);
  const row = result.rows[0] as MatchColumns & { snapshot: string };
  return { matches: rankedColumns(arraysOf(row)), snapshot: row.snapshot, readAt };
}

type ChangesRow = MatchColumns & {
  snapshot: string;
  changed: Array<number | null> | null;
  everything: boolean;
};

/**
 * The listings changed since `read`'s snapshot and, of them, those that match now, in one
 * statement; null when the ranking must be read whole (a TRUNCATE, too many changes, too old).
 */
async function readChanges(db: Database, query: RankingQuery, read: Read): Promise<Read | null> {
  const readAt = Date.now();
  if (readAt - read.readAt > MAX_AGE_MS) return null;
  const result = await db.execute<ChangesRow>(sql`
    with changed as (
      select distinct item_id from item_changes
       where xid >= pg_snapshot_xmin(${read.snapshot}::pg_snapshot)
         and not pg_visible_in_snapshot(xid, ${read.snapshot}::pg_snapshot)
       limit ${MAX_CHANGES + 1}
    )
    select pg_current_snapshot()::text as snapshot,
           (select array_agg(item_id) from changed) as changed,
           exists (select 1 from changed where item_id is null) as everything,
           ${matchColumns}
      from (${matchRow(query.tsquery)}
             where ${items.id} in (select item_id from changed)
               and ${query.listed} and ${items.searchVector} @@ ${query.tsquery}) m`);
  const row = result.rows[0] as ChangesRow;
  const changed = row.changed ?? [];
  if (row.everything || changed.length > MAX_CHANGES) return null;
  if (changed.length === 0) return { matches: read.matches, snapshot: row.snapshot, readAt };
  return {
    matches: withChanges(read.matches, new Set(changed as number[]), toMatches(row)),
    snapshot: row.snapshot,
    readAt,
  };
}

export type KeptRankings = {
  /**
   * The search's matches in page order as the database holds them now (read after this call
   * began); null when this server keeps no rankings or the search matches too many to keep, and
   * PostgreSQL ranks the page.
   */
  matchesOf: (db: Database, query: RankingQuery) => Promise<RankedMatches | null>;
  /** Matches kept in all, and how many reads were whole rankings or only their changes. */
  stats: () => RankingStats;
};

export type RankingStats = { matches: number; wholeReads: number; changeReads: number };

/**
 * At most `maxMatches` matches kept in all, the least recently used ranking leaving first; a
 * search matching more than a quarter of that (or MAX_PER_RANKING) is left to PostgreSQL (0: none
 * kept or used).
 */
export function createKeptRankings(maxMatches: number): KeptRankings {
  const perRanking = Math.min(MAX_PER_RANKING, Math.floor(maxMatches / 4));
  const rankings = new Map<string, Ranking>();
  /** Searches found too large, until when they are left to PostgreSQL. */
  const tooLarge = new Map<string, number>();
  let clock = 0;
  let size = 0;
  let prunedAt = Number.NEGATIVE_INFINITY;
  let wholeReads = 0;
  let changeReads = 0;

  const prune = (db: Database) => {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    // Any server may prune; a failure only leaves the log longer until the next try.
    db.execute(sql`delete from item_changes where changed_at < now() - ${LOG_KEPT}`).catch(
      () => {},
    );
  };

  const drop = (key: string, ranking: Ranking) => {
    size -= ranking.read?.matches.size ?? 0;
    ranking.read = undefined;
    if (rankings.get(key) === ranking) rankings.delete(key);
  };

  const keep = (key: string, ranking: Ranking, read: Read | null, ticket: number) => {
    if (rankings.get(key) !== ranking) return;
    if (!read || read.matches.size > perRanking) {
      tooLarge.delete(key);
      tooLarge.set(key, Date.now() + TOO_LARGE_MS);
      if (tooLarge.size > TOO_LARGE_KEYS) tooLarge.delete(tooLarge.keys().next().value as string);
      return drop(key, ranking);
    }
    size -= ranking.read?.matches.size ?? 0;
    ranking.read = { ...read, ticket };
    size += read.matches.size;
    for (const [other, kept] of rankings) {
      if (size <= maxMatches) break;
      if (other !== key && !kept.running) drop(other, kept);
    }
  };

  /** Starts the read that brings `ranking` up to date: its changes, or whole. */
  const run = (db: Database, query: RankingQuery, ranking: Ranking): Run => {
    const ticket = ++clock;
    const previous = ranking.read;
    const done = (async () => {
      const changed = previous && (await readChanges(db, query, previous));
      if (changed) changeReads++;
      else wholeReads++;
      const read = changed || (await readWhole(db, query, perRanking));
      prune(db);
      return read;
    })();
    const started: Run = { ticket, done };
    ranking.running = started;
    done.then(
      (read) => {
        if (ranking.running === started) ranking.running = undefined;
        keep(query.key, ranking, read, ticket);
      },
      () => {
        if (ranking.running === started) ranking.running = undefined;
      },
    );
    return started;
  };

  return {
    async matchesOf(db, query) {
      if (perRanking <= 0 || (tooLarge.get(query.key) ?? 0) > Date.now()) return null;
      const ticket = ++clock;
      for (;;) {
        const ranking = rankings.get(query.key) ?? {};
        // Most recently used last: eviction walks from the front.
        rankings.delete(query.key);
        rankings.set(query.key, ranking);
        if (ranking.read && ranking.read.ticket > ticket) return ranking.read.matches;
        const running = ranking.running;
        // A read that started before this use came may miss a change this use must see: wait
        // for it, then join the next one (or start it).
        if (running && running.ticket < ticket) {
          await running.done.catch(() => {});
          continue;
        }
        const read = await (running ?? run(db, query, ranking)).done;
        // Too large to keep: PostgreSQL ranks this use's page.
        return read && read.matches.size <= perRanking ? read.matches : null;
      }
    },
    stats: () => ({ matches: size, wholeReads, changeReads }),
  };
}

const perApp = new WeakMap<AppContext, KeptRankings>();

/** This app server's kept rankings (SEARCH_RANKINGS_MATCHES matches in all). */
export function keptRankingsOf(ctx: AppContext): KeptRankings {
  let kept = perApp.get(ctx);
  if (!kept) {
    kept = createKeptRankings(ctx.config.searchRankingsMatches);
    perApp.set(ctx, kept);
  }
  return kept;
}
