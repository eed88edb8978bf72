import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { UPKEEP_QUEUE } from './graph-changes.js';
import { createListing, settleGraph } from './matching.testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.db.execute<{ n: number }>(query)).rows[0]?.n ?? 0);

describe('the want graph upkeep', () => {
  it('folds changes that commit close together into one job and the runs after them', async () => {
    const member = await registerMember(t.app);
    const before = await count(
      sql`select count(*)::int as n from jobs where queue = ${UPKEEP_QUEUE}`,
    );
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, k) =>
        createListing(t.app, member.cookie, { title: `Folded lamp ${k}` }, { settle: false }),
      ),
    );
    const jobs =
      (await count(sql`select count(*)::int as n from jobs where queue = ${UPKEEP_QUEUE}`)) -
      before;
    // One job per change before; now a change finds the one waiting (a worker's claim between
    // two changes may add one more).
    expect(jobs).toBeGreaterThanOrEqual(1);
    expect(jobs).toBeLessThanOrEqual(3);

    // The runs after the commits (not the test's settle) bring the graph up to date.
    const inGraph = () =>
      count(sql`select count(*)::int as n from matching_listings
                 where item_id = any(${`{${ids.join(',')}}`}::int[])`);
    const deadline = Date.now() + 10_000;
    while ((await inGraph()) < ids.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await inGraph()).toBe(ids.length);
    await settleGraph(t.app);
    expect(await count(sql`select count(*)::int as n from want_graph_changes`)).toBe(0);
  });
});
