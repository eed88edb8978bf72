import type { KeptNotices } from './kept-notices.js';

type Entry<T> = {
  /** When its query started: the entry is served until `at + ttlMs`. */
  at: number;
  value: Promise<T>;
  settled: boolean;
  /** How long its query took, once settled. */
  took: number;
  /** The query that will replace it, started ahead of its expiry (see `get`). */
  next?: Promise<T>;
};

/** Answers kept by default; the oldest go first. */
const MAX_ENTRIES = 500;

/**
 * How long before an entry's expiry a request starts its replacement in the background: twice
 * what its query took, between a tenth and a quarter of the ttl (100 to 250 ms at 1 s).
 */
export const refreshLead = (ttlMs: number, took: number) =>
  Math.min(ttlMs / 4, Math.max(ttlMs / 10, 2 * took));

/**
 * Answers in this server's memory for at most `ttlMs` (decision 005: browse and search pages,
 * listings): whoever keeps one says next to it what makes it forget (`clear`). Concurrent misses of one
 * key share one query, and so do requests that come while it still runs, however long it takes:
 * a query slower than `ttlMs` (a common word on a large catalogue under load) would otherwise be
 * started again by every request, and the server would drown in copies of it (issue 19 §5).
 *
 * A key still asked for near its expiry is refreshed ahead (issue 19, typo search p99): the
 * request that comes within `refreshLead` of it is answered from the entry, which is still fresh,
 * and starts the next query, which replaces the entry when it answers. Requests on a hot key then
 * never wait for its once-a-second query; nothing is served past `ttlMs` from its query's start.
 */
export function createResultCache<T>(ttlMs: number, maxEntries = MAX_ENTRIES) {
  const entries = new Map<string, Entry<T>>();
  let generation = 0;

  const remember = (key: string, entry: Entry<T>) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  /** Starts `load` and keeps it under `key` (now, or once it answers when `ahead`). */
  const start = (key: string, load: () => Promise<T>, now: number, ahead?: Entry<T>) => {
    const born = generation;
    const value = load();
    const entry: Entry<T> = { at: now, value, settled: false, took: 0 };
    if (!ahead) remember(key, entry);
    value.then(
      () => {
        entry.settled = true;
        entry.took = Date.now() - now;
        // One that started before a clear is not kept; a refresh replaces the entry it was
        // started for, unless that one was cleared or replaced meanwhile.
        if (born !== generation) {
          if (entries.get(key)?.value === value) entries.delete(key);
        } else if (ahead && entries.get(key) === ahead) remember(key, entry);
      },
      () => {
        entry.settled = true;
        // A failed load is not kept; after a failed refresh, the entry serves until it expires
        // and the next request asks again.
        if (entries.get(key)?.value === value) entries.delete(key);
        if (ahead?.next === value) ahead.next = undefined;
      },
    );
    return value;
  };

  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && !hit.settled) return hit.value;
      if (hit && now - hit.at < ttlMs) {
        if (!hit.next && now - hit.at >= ttlMs - refreshLead(ttlMs, hit.took))
          hit.next = start(key, load, now, hit);
        return hit.value;
      }
      // Expired while its refresh still runs: join that, as a request joins any running query.
      if (hit?.next) return hit.next;
      return start(key, load, now);
    },
    clear(): void {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

export type ResultCache<T> = ReturnType<typeof createResultCache<T>>;

/**
 * A result cache per app server (one per context), made on first use, whose answers live at most
 * `ttlMs` and are forgotten whenever a notice of `kind` says what they show changed
 * (kept-notices.ts): the declaration of what invalidates them sits where the cache is named.
 */
export function resultCachePerServer<T>(options: {
  kind: string;
  maxEntries: number;
  ttlMs: (ctx: ServerContext) => number;
}): (ctx: ServerContext) => ResultCache<T> {
  const perServer = new WeakMap<ServerContext, ResultCache<T>>();
  return (ctx) => {
    let cache = perServer.get(ctx);
    if (!cache) {
      const made = createResultCache<T>(options.ttlMs(ctx), options.maxEntries);
      if (options.ttlMs(ctx) > 0) ctx.kept.onChanged(options.kind, () => made.clear());
      perServer.set(ctx, made);
      cache = made;
    }
    return cache;
  };
}

type ServerContext = { config: { searchCacheMs: number }; kept: KeptNotices };
