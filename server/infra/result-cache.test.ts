import { afterAll, describe, expect, it, vi } from 'vitest';
import { createResultCache } from './result-cache.js';

describe('createResultCache', () => {
  afterAll(() => vi.useRealTimers());

  it('serves a page for ttl ms, shares concurrent misses, and forgets on clear', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = createResultCache<number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    vi.setSystemTime(999);
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(1000);
    expect(await cache.get('k', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
    vi.useRealTimers();
  });

  it('keeps neither a failed load nor one that began before a clear', async () => {
    const cache = createResultCache<number>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 1)).toBe(1);
    cache.clear();
    let finish: (n: number) => void = () => {};
    const slow = cache.get('j', () => new Promise<number>((resolve) => (finish = resolve)));
    cache.clear();
    finish(5);
    expect(await slow).toBe(5);
    expect(await cache.get('j', async () => 6)).toBe(6);
  });

  it('lets requests join a query still running past ttl ms instead of starting another', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = createResultCache<number>(1000);
    let loads = 0;
    const finishers: Array<(n: number) => void> = [];
    const slow = () =>
      new Promise<number>((resolve) => {
        loads++;
        finishers.push(resolve);
      });
    const first = cache.get('k', slow);
    vi.setSystemTime(1500);
    const joined = cache.get('k', slow);
    expect(loads).toBe(1);
    finishers[0]?.(1);
    expect([await first, await joined]).toEqual([1, 1]);
    // Settled and older than ttl: the next request asks again.
    const next = cache.get('k', slow);
    expect(loads).toBe(2);
    // A clear while it runs: a change came after it started, so the next request does not join.
    cache.clear();
    const afterClear = cache.get('k', slow);
    expect(loads).toBe(3);
    finishers[1]?.(2);
    finishers[2]?.(3);
    expect([await next, await afterClear]).toEqual([2, 3]);
    vi.useRealTimers();
  });

  it('refreshes a key asked for near its expiry in the background, never serving past ttl', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = createResultCache<number>(1000);
    let loads = 0;
    const finishers: Array<(n: number) => void> = [];
    const slow = () =>
      new Promise<number>((resolve) => {
        loads++;
        finishers.push(resolve);
      });
    const first = cache.get('k', slow);
    finishers[0]?.(1);
    expect(await first).toBe(1);
    vi.setSystemTime(850);
    expect(await cache.get('k', slow)).toBe(1);
    expect(loads).toBe(1);
    // Within 100 ms of its expiry: answered at once from the entry, the next query started.
    vi.setSystemTime(950);
    expect(await cache.get('k', slow)).toBe(1);
    expect(loads).toBe(2);
    expect(await cache.get('k', slow)).toBe(1);
    expect(loads).toBe(2);
    // Expired while the refresh runs: joined, not served stale, not asked twice.
    vi.setSystemTime(1000);
    const joined = cache.get('k', slow);
    expect(loads).toBe(2);
    finishers[1]?.(2);
    expect(await joined).toBe(2);
    // The new entry counts from its query's start (950): fresh until 1950, refreshed from 1850.
    vi.setSystemTime(1840);
    expect(await cache.get('k', slow)).toBe(2);
    expect(loads).toBe(2);
    vi.setSystemTime(1860);
    expect(await cache.get('k', slow)).toBe(2);
    expect(loads).toBe(3);
    // A clear while a refresh runs: its answer is not kept, the next request asks again.
    cache.clear();
    finishers[2]?.(3);
    await Promise.resolve();
    const afterClear = cache.get('k', slow);
    expect(loads).toBe(4);
    finishers[3]?.(4);
    expect(await afterClear).toBe(4);
    // A failed refresh leaves the entry to serve until it expires; the next request asks again.
    vi.setSystemTime(2800);
    const failing = () => {
      loads++;
      return Promise.reject(new Error('down'));
    };
    expect(await cache.get('k', failing)).toBe(4);
    expect(loads).toBe(5);
    await Promise.resolve();
    expect(await cache.get('k', failing)).toBe(4);
    expect(loads).toBe(6);
    vi.useRealTimers();
  });

  it('is off at 0 ms', async () => {
    const cache = createResultCache<number>(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});
