import type { UserRow } from '../db/schema/users.js';
import { createKeptAnswers, type KeptStats, keptTrueBy } from './kept-answers.js';
import type { KeptNotices } from './kept-notices.js';

/** What a signed-in request needs of its session, as the database last answered it. */
export type CachedSession = {
  user: UserRow;
  /** The session's start (ms): its absolute lifetime counts from here. */
  createdAt: number;
  /** When the session's idle expiry falls (ms), as this server last knew or moved it. */
  expire: number;
};

export type SessionCache = {
  /**
   * A session known for less than the cache's age and not past the idle expiry this server knew,
   * or undefined: a session past it may have been used on another server since, which only the
   * database can say.
   */
  get: (sid: string, now: number) => CachedSession | undefined;
  /** As kept-answers.ts stamps a lookup: its answer is not kept if its session or member was forgotten since. */
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
  stats: () => KeptStats;
};

/**
 * Every signed-in read starts by reading its session and member: a round trip to the database
 * that costs as much as the read's own on this machine (decision 008). This keeps the answer for
 * `maxAgeMs`, per server, as kept-answers.ts keeps answers. What invalidates it: any change to
 * a member's row or to one of their sessions (migrations 0018 and 0022, notices of kind
 * `sessions`), except a session's idle expiry moving forward, which servers judge themselves.
 */
export function createSessionCache(options: {
  maxAgeMs: number;
  maxEntries?: number;
  notices?: KeptNotices;
}): SessionCache {
  const kept = createKeptAnswers<CachedSession>(options);
  if (options.notices && options.maxAgeMs > 0) keptTrueBy(options.notices, 'sessions', kept);
  return {
    // Past the idle expiry this server knew, the session may have been used on another server
    // since, which only the database can say.
    get: (sid, now) => kept.get(sid, now, (session) => session.expire > now),
    stamp: kept.stamp,
    remember: (sid, session, stamp, now) =>
      kept.remember(sid, session.user.id, session, stamp, now),
    extend: (sid, expire) => kept.update(sid, (session) => ({ ...session, expire })),
    forgetSession: kept.forgetKey,
    forgetMember: kept.forgetMember,
    forgetAll: kept.forgetAll,
    setHearing: kept.setHearing,
    stats: kept.stats,
  };
}
