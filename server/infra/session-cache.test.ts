import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/users.js';
import { type CachedSession, createSessionCache } from './session-cache.js';

const session = (userId: string, expire = 10_000_000): CachedSession => ({
  user: { id: userId } as UserRow,
  createdAt: 0,
  expire,
});

function hearingCache(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  const cache = createSessionCache({ maxAgeMs: options.maxAgeMs ?? 5000, ...options });
  cache.setHearing(true);
  return cache;
}

describe('session cache', () => {
  it('knows a session for its age, then no longer', () => {
    const cache = hearingCache({ maxAgeMs: 5000 });
    cache.remember('s1', session('ada'), cache.stamp(), 1000);
    expect(cache.get('s1', 5999)?.user.id).toBe('ada');
    expect(cache.get('s1', 6000)).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });

  it('does not answer for a session past the idle expiry it knew, and counts what it answered', () => {
    const cache = hearingCache({ maxAgeMs: 5000 });
    cache.remember('s1', session('ada', 1500), cache.stamp(), 1000);
    expect(cache.get('s1', 1499)?.user.id).toBe('ada');
    expect(cache.get('s1', 1500)).toBeUndefined();
    expect(cache.get('s2', 1500)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, hits: 1, misses: 2, hearing: true });
  });

  it('lets sessions past their age go as others are stored', () => {
    const cache = hearingCache({ maxAgeMs: 5000 });
    cache.remember('s1', session('ada'), cache.stamp(), 0);
    cache.remember('s2', session('bob'), cache.stamp(), 4000);
    cache.remember('s3', session('cy'), cache.stamp(), 6000);
    expect(cache.stats().entries).toBe(2);
    cache.remember('s4', session('di'), cache.stamp(), 9500);
    expect(cache.stats().entries).toBe(2);
    expect(cache.get('s3', 9500)?.user.id).toBe('cy');
  });

  it('keeps nothing while it does not hear of changes, and forgets all when it stops hearing', () => {
    const cache = createSessionCache({ maxAgeMs: 5000 });
    cache.remember('s1', session('ada'), cache.stamp(), 0);
    expect(cache.get('s1', 1)).toBeUndefined();
    cache.setHearing(true);
    cache.remember('s1', session('ada'), cache.stamp(), 0);
    expect(cache.get('s1', 1)).toBeDefined();
    cache.setHearing(false);
    expect(cache.get('s1', 1)).toBeUndefined();
    cache.remember('s1', session('ada'), cache.stamp(), 0);
    expect(cache.get('s1', 1)).toBeUndefined();
  });

  it('keeps nothing with an age of 0', () => {
    const cache = hearingCache({ maxAgeMs: 0 });
    cache.remember('s1', session('ada'), cache.stamp(), 0);
    expect(cache.get('s1', 0)).toBeUndefined();
  });

  it('drops an answer read before its member, its session or everything was forgotten', () => {
    const cache = hearingCache();
    // A change's notice arrives while the lookup is in flight: its answer may predate the change.
    for (const forget of [
      () => cache.forgetMember('ada'),
      () => cache.forgetSession('s1'),
      () => cache.forgetAll(),
    ]) {
      const stamp = cache.stamp();
      forget();
      cache.remember('s1', session('ada'), stamp, 0);
      expect(cache.get('s1', 1)).toBeUndefined();
    }
    cache.remember('s1', session('ada'), cache.stamp(), 0);
    expect(cache.get('s1', 1)).toBeDefined();
  });

  it("keeps an answer read while other members' sessions were forgotten", () => {
    const cache = hearingCache();
    const stamp = cache.stamp();
    cache.forgetMember('bob');
    cache.forgetSession('s9');
    cache.remember('s1', session('ada'), stamp, 0);
    expect(cache.get('s1', 1)?.user.id).toBe('ada');
  });

  it('past ten thousand members forgotten during a lookup, keeps none of what it read', () => {
    const cache = hearingCache();
    const stamp = cache.stamp();
    for (let i = 0; i < 10_001; i++) cache.forgetMember(`member-${i}`);
    cache.remember('s1', session('ada'), stamp, 0);
    expect(cache.get('s1', 1)).toBeUndefined();
  });

  it("forgets one member's sessions, one session, or all", () => {
    const cache = hearingCache();
    for (const [sid, member] of [
      ['a1', 'ada'],
      ['a2', 'ada'],
      ['b1', 'bob'],
      ['c1', 'cy'],
    ]) {
      cache.remember(sid as string, session(member as string), cache.stamp(), 0);
    }
    cache.forgetMember('ada');
    expect(['a1', 'a2', 'b1', 'c1'].map((sid) => cache.get(sid, 1)?.user.id)).toEqual([
      undefined,
      undefined,
      'bob',
      'cy',
    ]);
    cache.forgetSession('b1');
    expect(cache.get('b1', 1)).toBeUndefined();
    expect(cache.get('c1', 1)).toBeDefined();
    cache.forgetAll();
    expect(cache.stats().entries).toBe(0);
  });

  it('moves a known idle expiry', () => {
    const cache = hearingCache();
    cache.remember('s1', session('ada', 100), cache.stamp(), 0);
    cache.extend('s1', 900);
    expect(cache.get('s1', 1)?.expire).toBe(900);
  });

  it('lets the oldest session go when full', () => {
    const cache = hearingCache({ maxEntries: 2 });
    cache.remember('s1', session('ada'), cache.stamp(), 0);
    cache.remember('s2', session('bob'), cache.stamp(), 0);
    cache.remember('s3', session('cy'), cache.stamp(), 0);
    expect(cache.stats().entries).toBe(2);
    expect(cache.get('s1', 1)).toBeUndefined();
    expect(cache.get('s3', 1)?.user.id).toBe('cy');
    // Its member index went with it: forgetting ada later touches nothing else.
    cache.forgetMember('ada');
    expect(cache.stats().entries).toBe(2);
  });
});
