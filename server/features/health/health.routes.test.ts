import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDatabase } from '../../db/client.js';
import { shippedMigrations } from '../../db/migrate.js';
import { createTestApp, type TestApp } from '../../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const latest = shippedMigrations().at(-1)?.tag;
const previous = shippedMigrations().at(-2)?.tag;

describe('GET /api/health', () => {
  it('is live and ready when the database answers and has every migration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      live: true,
      ready: true,
      database: 'reachable',
      migrations: 'done',
      schemaVersion: latest,
    });
  });

  it('is live but not ready (503) while a migration this server ships has not run', async () => {
    await t.db.$client.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      live: true,
      ready: false,
      database: 'reachable',
      migrations: 'pending',
      schemaVersion: previous,
    });
  });

  it('is live but not ready (503) when the database does not answer, and says nothing internal', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SESSION_SECRET: 'x'.repeat(32),
      DATA_DIR: t.config.dataDir,
      CLIENT_DIR: '/nonexistent',
    });
    const db = createDatabase('postgres://nobody:secret@127.0.0.1:9/none', { error: () => {} });
    const app = await buildApp({ config, db, logger: pino({ level: 'silent' }) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        live: true,
        ready: false,
        database: 'unreachable',
        migrations: 'unknown',
        schemaVersion: null,
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.$client.end();
    }
  });

  it('is not ready (503) on either check while the supervised database restarts', async () => {
    const app = await buildApp({
      config: t.config,
      db: t.db,
      logger: pino({ level: 'silent' }),
      databaseRestarting: () => true,
    });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ live: true, ready: false, database: 'restarting' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Database restarting' });
    } finally {
      await app.close();
    }
  });
});
