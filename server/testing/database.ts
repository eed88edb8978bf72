import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { closeDatabase, createDatabase, type Database } from '../db/client.js';
import { databaseUrl } from './database-url.js';

export type TestDatabase = { db: Database; url: string; drop: () => Promise<void> };

const silent = { error: () => {} };

/** A fresh, migrated database cloned from the run's template; dropped by `drop`. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('databaseAdminUrl');
  const name = `swapmarket_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
        break;
      } catch (error) {
        // Two clones starting at the same instant can collide on the template; try again.
        if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  const db = createDatabase(url, silent, { max: 5 });
  return {
    db,
    url,
    async drop() {
      const left = await closeDatabase(db, 20_000);
      // Said loudly, not failed: the database is dropped with its sessions all the same.
      if (left) console.error(`Test database ${name}: connections still out at close`, left);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
