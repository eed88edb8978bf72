import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createLogger } from '../../logger.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { freePort, runScript } from '../../testing/process.js';
import { createListing, graphSnapshot, putWants } from './matching.testing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

describe('rebuilding the graph', () => {
  it('npm run matching:rebuild rebuilds it from scratch, to the same graph', async () => {
    const [a, b] = await Promise.all([registerMember(t.app), registerMember(t.app)]);
    const kite = await createListing(t.app, a.cookie, { title: 'Kite', wantedItems: 'yo-yo' });
    const yoyo = await createListing(t.app, b.cookie, { title: 'Wooden yo-yo' });
    await putWants(t.app, b.cookie, yoyo, [kite]);
    const before = await graphSnapshot(t.db);
    expect(before.edges).toHaveLength(2);
    await t.db.execute(sql`delete from want_edges`);

    const run = runScript('scripts/matching-rebuild.ts', {
      dataDir: t.config.dataDir,
      port: await freePort(),
      env: { DATABASE_URL: t.databaseUrl },
    });
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toMatch(/2 edges, 1 circles|2 edges/);
    expect(await graphSnapshot(t.db)).toEqual(before);
  }, 60_000);

  it('builds it once at start-up on a database whose listings predate it', async () => {
    const [a, b] = await Promise.all([registerMember(t.app), registerMember(t.app)]);
    const kite = await createListing(t.app, a.cookie, {
      title: 'Box kite',
      wantedItems: 'spinning top',
    });
    const top = await createListing(t.app, b.cookie, { title: 'Spinning top' });
    // As if every listing had been made before matching existed.
    for (const table of ['want_cycles', 'want_edges', 'phrase_matches', 'want_phrases']) {
      await t.db.execute(sql.raw(`delete from ${table}`));
    }
    await t.db.execute(sql`delete from matching_listings`);
    await t.db.execute(sql`delete from item_wants`);

    const second = await buildApp({ config: t.config, db: t.db, logger: createLogger('silent') });
    await second.ready();
    try {
      await second.jobs.runDue();
      const after = await graphSnapshot(t.db);
      expect(after.edges.map((e) => [e.from_item_id, e.to_item_id])).toContainEqual([kite, top]);
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from items where is_active`,
      );
      expect(after.listings).toHaveLength(rows[0]?.n ?? -1);
      // Once: the job's dedupe key keeps a later start from scheduling another.
      const jobs = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from jobs where queue = 'matching.rebuild'`,
      );
      expect(jobs.rows[0]?.n).toBe(1);
    } finally {
      await second.close();
    }
  }, 60_000);
});
