import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createMetrics } from './metrics.js';

const stats = () => ({ hits: 0, misses: 0, entries: 0, hearing: false });

/** A pool of 4 connections, 3 idle, one request waiting; the job queue's read fails. */
const db = {
  $client: {
    totalCount: 4,
    idleCount: 3,
    waitingCount: 1,
    query: () => Promise.reject(new Error('no database here')),
  },
} as unknown as Database;

function metrics(lanePools?: () => { total: number; idle: number; waiting: number }[]) {
  return createMetrics({
    enabled: true,
    db,
    events: { streamCount: () => 0 },
    sessionCache: { stats },
    offersCache: { stats },
    searchRankings: () => ({ matches: 0, wholeReads: 0, changeReads: 0 }),
    lanePools,
  });
}

async function pool(lanePools?: () => { total: number; idle: number; waiting: number }[]) {
  const { body } = await metrics(lanePools).scrape();
  const value = (state: string) =>
    Number(
      body.match(new RegExp(`^swapmarket_db_pool_connections{state="${state}"} (\\d+)$`, 'm'))?.[1],
    );
  return { total: value('total'), idle: value('idle'), waiting: value('waiting') };
}

describe('the pool gauge', () => {
  it("counts the main thread's pool", async () => {
    expect(await pool()).toEqual({ total: 4, idle: 3, waiting: 1 });
  });

  it("adds the lane threads' pools: the server's connections, all of them", async () => {
    const lanes = [
      { total: 10, idle: 2, waiting: 5 },
      { total: 1, idle: 1, waiting: 0 },
    ];
    expect(await pool(() => lanes)).toEqual({ total: 15, idle: 6, waiting: 6 });
  });
});
