import { EVERYONE, type KeptNotices } from './kept-notices.js';

/**
 * Answers an app server keeps in memory for a moment, each belonging to one member, and what keeps
 * them true with several servers: whatever changes a member's answers makes a database trigger
 * tell every server (`keptTrueBy`, kept-notices.ts), so an answer is forgotten by member; a write's
 * answer waits until its server heard its own notices (plugins/read-your-writes.ts); while the
 * server does not hear nothing is kept; and an answer read before its member or key was forgotten
 * is not kept after it (a stamp per lookup). The age bounds what an unforeseen path could leave.
 * The sessions (session-cache.ts) and the offers pages (features/swaps) are kept this way.
 */
export type KeptAnswers<V> = {
  /** The answer kept under `key` for less than the age, and still `valid` if asked, or undefined. */
  get: (key: string, now: number, valid?: (value: V) => boolean) => V | undefined;
  /**
   * Stamps a lookup about to ask the database: `remember` stores its answer only if neither its
   * member, nor its key, nor everything was forgotten since, so an answer read before a change
   * never outlives the change's notice (and a busy site's other members do not stop it).
   */
  stamp: () => number;
  remember: (key: string, member: string, value: V, stamp: number, now: number) => void;
  /** Changes the answer kept under `key` in place (what this server itself moved). */
  update: (key: string, change: (value: V) => V) => void;
  forgetKey: (key: string) => void;
  forgetMember: (member: string) => void;
  forgetAll: () => void;
  /**
   * Whether this server hears of changes (the event bus listens): while it does not, nothing is
   * kept, as a change made elsewhere could not reach it.
   */
  setHearing: (hearing: boolean) => void;
  /** Answers kept now, lookups answered from memory or not since the start, and whether it hears. */
  stats: () => KeptStats;
};

export type KeptStats = { entries: number; hits: number; misses: number; hearing: boolean };

type Entry<V> = { member: string; value: V; storedAt: number; size: number };

/** Members and keys whose last forgetting is remembered; past it, one forgetting of everything. */
const MAX_MARKS = 10_000;

export function createKeptAnswers<V>(options: {
  maxAgeMs: number;
  maxEntries?: number;
  /** The most answers kept for one member; the one they used least recently leaves first (one
   * member's many pages must not send everyone else's away). */
  maxPerMember?: number;
  /** With `sizeOf`, the most this keeps in all (bytes, say); the oldest answers leave first. */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}): KeptAnswers<V> {
  const { maxAgeMs, sizeOf } = options;
  const maxEntries = options.maxEntries ?? 10_000;
  const maxPerMember = options.maxPerMember ?? Number.POSITIVE_INFINITY;
  const maxSize = options.maxSize ?? Number.POSITIVE_INFINITY;
  const entries = new Map<string, Entry<V>>();
  const keysOf = new Map<string, Set<string>>();
  let size = 0;
  // Forgettings are counted; a lookup's stamp is the count when it started.
  let forgettings = 0;
  let everythingForgottenAt = 0;
  const memberForgottenAt = new Map<string, number>();
  const keyForgottenAt = new Map<string, number>();
  let hearing = false;
  let hits = 0;
  let misses = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    size -= entry.size;
    const keys = keysOf.get(entry.member);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.member);
  }

  function forgetAll(): void {
    forgettings += 1;
    everythingForgottenAt = forgettings;
    memberForgottenAt.clear();
    keyForgottenAt.clear();
    entries.clear();
    keysOf.clear();
    size = 0;
  }

  function mark(marks: Map<string, number>, id: string): void {
    forgettings += 1;
    // Forgetting everything is always true to what a lookup in flight may have read.
    if (marks.size >= MAX_MARKS) {
      marks.clear();
      everythingForgottenAt = forgettings;
    }
    marks.set(id, forgettings);
  }

  const forgottenSince = (stamp: number, key: string, member: string) =>
    everythingForgottenAt > stamp ||
    (memberForgottenAt.get(member) ?? 0) > stamp ||
    (keyForgottenAt.get(key) ?? 0) > stamp;

  return {
    get(key, now, valid) {
      const entry = entries.get(key);
      if (entry && (now - entry.storedAt >= maxAgeMs || (valid && !valid(entry.value)))) drop(key);
      else if (entry) {
        hits += 1;
        // The member's answers leave least recently used first: one read on every page (the
        // live page of offers) outlasts a row of lookups made once.
        const keys = keysOf.get(entry.member);
        keys?.delete(key);
        keys?.add(key);
        return entry.value;
      }
      misses += 1;
      return undefined;
    },

    stamp: () => forgettings,

    remember(key, member, value, stamp, now) {
      if (!hearing || maxAgeMs <= 0 || forgottenSince(stamp, key, member)) return;
      drop(key);
      const entrySize = sizeOf ? sizeOf(value) : 0;
      if (entrySize > maxSize) return;
      // A Map iterates in insertion order, which is the order of storing: the oldest entries
      // leave from the front, those past their age and, when full, as many more as it takes.
      for (const [oldest, entry] of entries) {
        const full = entries.size >= maxEntries || size + entrySize > maxSize;
        if (now - entry.storedAt < maxAgeMs && !full) break;
        drop(oldest);
      }
      let keys = keysOf.get(member);
      // A Set iterates in insertion order too: the member's least recently used answer is first.
      for (const oldest of keys ?? []) {
        if ((keys?.size ?? 0) < maxPerMember) break;
        drop(oldest);
      }
      keys = keysOf.get(member);
      if (!keys) {
        keys = new Set();
        keysOf.set(member, keys);
      }
      entries.set(key, { member, value, storedAt: now, size: entrySize });
      size += entrySize;
      keys.add(key);
    },

    update(key, change) {
      const entry = entries.get(key);
      if (!entry) return;
      entry.value = change(entry.value);
      const entrySize = sizeOf ? sizeOf(entry.value) : 0;
      size += entrySize - entry.size;
      entry.size = entrySize;
    },

    forgetKey(key) {
      mark(keyForgottenAt, key);
      drop(key);
    },

    forgetMember(member) {
      mark(memberForgottenAt, member);
      for (const key of [...(keysOf.get(member) ?? [])]) drop(key);
    },

    forgetAll,

    setHearing(value) {
      hearing = value;
      forgetAll();
    },

    stats: () => ({ entries: entries.size, hits, misses, hearing }),
  };
}

/**
 * Keeps answers true through the notices of `kind` (the triggers that name it): forgotten by
 * member, or all of them, and kept only while this server hears.
 */
export function keptTrueBy(
  notices: KeptNotices,
  kind: string,
  kept: Pick<KeptAnswers<unknown>, 'forgetMember' | 'forgetAll' | 'setHearing'>,
): void {
  kept.setHearing(notices.hearing());
  notices.onHearing((hearing) => kept.setHearing(hearing));
  notices.onChanged(kind, (member) =>
    member === EVERYONE ? kept.forgetAll() : kept.forgetMember(member),
  );
}
