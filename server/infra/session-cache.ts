import type { UserRow } from '../db/schema/users.js';

/** What a signed-in request needs of its session, as the database last answered it. */
export type CachedSession = {
  user: UserRow;
  /** The session's start (ms): its absolute lifetime counts from here. */
  createdAt: number;
  /** When the session's idle expiry falls (ms), as this server last knew or moved it. */
  expire: number;
};

type Entry = CachedSession & { storedAt: number };

export type SessionCache = {
  /**
   * A session known for less than the cache's age and not past the idle expiry this server knew,
   * or undefined: a session past it may have been used on another server since, which only the
   * database can say.
   */
  get: (sid: string, now: number) => CachedSession | undefined;
  /**
   * Stamps a lookup about to ask the database: `remember` stores its answer only if nothing was
   * forgotten since, so an answer read before a change never outlives the change's notice.
   */
  stamp: () => number;
  remember: (sid: string, session: CachedSession, stamp: number, now: number) => void;
  /** This server moved the session's idle expiry. */
  extend: (sid: string, expire: number) => void;
  forgetSession: (sid: string) => void;
  forgetMember: (userId: string) => void;
  forgetAll: () => void;
  /**
   * Whether this server hears of changes (the event bus listens): while it does not, nothing is
   * kept, as a change made elsewhere could not reach it.
   */
  setHearing: (hearing: boolean) => void;
  /** Sessions known now, lookups answered from memory or not since the start, and whether it hears. */
  stats: () => { entries: number; hits: number; misses: number; hearing: boolean };
};

/**
 * Every signed-in read starts by reading its session and member: a round trip to the database
 * that costs as much as the read's own on this machine (decision 008). This keeps the answer for
 * `maxAgeMs`, per server. It stays true because whatever changes a member's account or sessions
 * reaches it: a database trigger on both tables tells every server through the event bus
 * (migration 0018), this server's own writes forget before they answer (plugins/session.ts), and while
 * the bus does not listen nothing is kept. The age bounds what an unforeseen path could leave.
 */
export function createSessionCache(options: {
  maxAgeMs: number;
  maxEntries?: number;
}): SessionCache {
  const { maxAgeMs } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();
  const sidsOf = new Map<string, Set<string>>();
  let generation = 0;
  let hearing = false;
  let hits = 0;
  let misses = 0;

  function drop(sid: string): void {
    const entry = entries.get(sid);
    if (!entry) return;
    entries.delete(sid);
    const sids = sidsOf.get(entry.user.id);
    sids?.delete(sid);
    if (sids?.size === 0) sidsOf.delete(entry.user.id);
  }

  function forgetAll(): void {
    generation += 1;
    entries.clear();
    sidsOf.clear();
  }

  return {
    get(sid, now) {
      const entry = entries.get(sid);
      if (entry && (now - entry.storedAt >= maxAgeMs || entry.expire <= now)) drop(sid);
      else if (entry) {
        hits += 1;
        return { user: entry.user, createdAt: entry.createdAt, expire: entry.expire };
      }
      misses += 1;
      return undefined;
    },

    stamp: () => generation,

    remember(sid, session, stamp, now) {
      if (!hearing || maxAgeMs <= 0 || stamp !== generation) return;
      drop(sid);
      // A Map iterates in insertion order, which is the order of storing: the oldest entries
      // leave from the front, those past their age and, when full, one more.
      for (const [oldest, entry] of entries) {
        if (now - entry.storedAt < maxAgeMs && entries.size < maxEntries) break;
        drop(oldest);
      }
      entries.set(sid, { ...session, storedAt: now });
      let sids = sidsOf.get(session.user.id);
      if (!sids) {
        sids = new Set();
        sidsOf.set(session.user.id, sids);
      }
      sids.add(sid);
    },

    extend(sid, expire) {
      const entry = entries.get(sid);
      if (entry) entry.expire = expire;
    },

    forgetSession(sid) {
      generation += 1;
      drop(sid);
    },

    forgetMember(userId) {
      generation += 1;
      for (const sid of [...(sidsOf.get(userId) ?? [])]) drop(sid);
    },

    forgetAll,

    setHearing(value) {
      hearing = value;
      forgetAll();
    },

    stats: () => ({ entries: entries.size, hits, misses, hearing }),
  };
}
