import type { AppContext } from '../../context.js';

type Entry<T> = { at: number; value: Promise<T>; settled: boolean };

/** Pages kept per server; the oldest go first. A page of 24 listings is a few tens of KB. */
const MAX_ENTRIES = 500;
/** Listings (GET /api/items/:id) kept per server: a row and its JSON, a few KB each. */
export const MAX_LISTINGS = 5000;

/**
 * Browse and search pages in this server's memory for at most `ttlMs` (decision 005): every
 * server answers a listing's change within that bound whatever it hears, and at once for the
 * changes it makes or is told about (itemsChanged clears everything). Concurrent misses of one
 * key share one query, and so do requests that come while it still runs, however long it takes:
 * a query slower than `ttlMs` (a common word on a large catalogue under load) would otherwise be
 * started again by every request, and the server would drown in copies of it (issue 19 §5).
 */
export function createResultCache<T>(ttlMs: number, maxEntries = MAX_ENTRIES) {
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && (now - hit.at < ttlMs || !hit.settled)) return hit.value;
      const born = generation;
      const value = load();
      entries.delete(key);
      const entry = { at: now, value, settled: false };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      // A failed load, or one that started before a clear, is not kept.
      value.then(
        () => {
          entry.settled = true;
          if (born !== generation && entries.get(key)?.value === value) entries.delete(key);
        },
        () => {
          entry.settled = true;
          if (entries.get(key)?.value === value) entries.delete(key);
        },
      );
      return value;
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

type Caches = { pages: ResultCache<unknown>; listings: ResultCache<unknown> };

const perApp = new WeakMap<AppContext, Caches>();

function cachesOf(ctx: AppContext): Caches {
  let caches = perApp.get(ctx);
  if (!caches) {
    const made = {
      pages: createResultCache<unknown>(ctx.config.searchCacheMs),
      listings: createResultCache<unknown>(ctx.config.searchCacheMs, MAX_LISTINGS),
    };
    ctx.events.onItemsChanged(() => clearResultCaches(ctx));
    perApp.set(ctx, made);
    caches = made;
  }
  return caches;
}

/** This app server's page cache, cleared whenever listings change (here or announced). */
export function resultCacheOf<T>(ctx: AppContext): ResultCache<T> {
  return cachesOf(ctx).pages as ResultCache<T>;
}

/** This app server's listing cache (GET /api/items/:id), cleared with the page cache. */
export function listingCacheOf<T>(ctx: AppContext): ResultCache<T> {
  return cachesOf(ctx).listings as ResultCache<T>;
}

/**
 * Forgets every page and listing this server holds: on a listings change (here or announced), and
 * after any write this server answers (app.ts), so whoever made a change reads it back at once
 * from the server that made it, whatever the change was (a reservation, a rating, a profile).
 */
export function clearResultCaches(ctx: AppContext): void {
  const caches = perApp.get(ctx);
  caches?.pages.clear();
  caches?.listings.clear();
}
