import type { AppContext } from '../../context.js';

type Entry<T> = { at: number; value: Promise<T> };

/** Pages kept per server; the oldest go first. A page of 24 listings is a few tens of KB. */
const MAX_ENTRIES = 500;

/**
 * Browse and search pages in this server's memory for at most `ttlMs` (decision 005): every
 * server answers a listing's change within that bound whatever it hears, and at once for the
 * changes it makes or is told about (itemsChanged clears everything). Concurrent misses of one
 * key share one query.
 */
export function createResultCache<T>(ttlMs: number) {
  const entries = new Map<string, Entry<T>>();
  let generation = 0;
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const born = generation;
      const value = load();
      entries.delete(key);
      entries.set(key, { at: now, value });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      // A failed load, or one that started before a clear, is not kept.
      value.then(
        () => {
          if (born !== generation && entries.get(key)?.value === value) entries.delete(key);
        },
        () => {
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

const perApp = new WeakMap<AppContext, ResultCache<unknown>>();

/** This app server's page cache, cleared whenever listings change (here or announced). */
export function resultCacheOf<T>(ctx: AppContext): ResultCache<T> {
  let cache = perApp.get(ctx);
  if (!cache) {
    const made = createResultCache<unknown>(ctx.config.searchCacheMs);
    ctx.events.onItemsChanged(() => made.clear());
    perApp.set(ctx, made);
    cache = made;
  }
  return cache as ResultCache<T>;
}
