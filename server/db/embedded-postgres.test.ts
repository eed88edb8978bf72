import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { socketDirectoryFor, startEmbeddedPostgres } from './embedded-postgres.js';

describe('socketDirectoryFor', () => {
  it("offers the data directory's Unix socket when its path fits and needs no quoting", () => {
    expect(socketDirectoryFor('/srv/swapmarket/data/pg', 41234)).toBe('/srv/swapmarket/data/pg');
  });

  it('falls back to TCP alone for a socket path longer than sockaddr_un holds', () => {
    const deep = `/srv/${'d'.repeat(90)}/pg`;
    expect(`${deep}/.s.PGSQL.41234`.length).toBeGreaterThan(107);
    expect(socketDirectoryFor(deep, 41234)).toBeUndefined();
  });

  it("falls back to TCP alone for a directory pg_ctl's command line would have to quote", () => {
    expect(socketDirectoryFor('/srv/my data/pg', 41234)).toBeUndefined();
    expect(socketDirectoryFor("/srv/o'brien/pg", 41234)).toBeUndefined();
    expect(socketDirectoryFor('/srv/$HOME/pg', 41234)).toBeUndefined();
  });
});

/**
 * The run's embedded server; when the run uses DATABASE_URL (CI runs the suite on PostgreSQL 15),
 * one started here, so the embedded path is still tested.
 */
async function embeddedAdminUrl(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) return { url: inject('databaseAdminUrl'), stop: async () => {} };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-embedded-test-'));
  const server = await startEmbeddedPostgres({
    dataDir,
    log: { info: () => {}, warn: () => {} },
  });
  return {
    url: server.adminUrl,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('the embedded server', () => {
  it('is reached over its Unix socket, which PostgreSQL reports as no client address', async () => {
    const embedded = await embeddedAdminUrl();
    try {
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ address: string | null }>(
          'select inet_client_addr()::text as address',
        );
        expect(rows).toEqual([{ address: null }]);
      } finally {
        await client.end();
      }
    } finally {
      await embedded.stop();
    }
  }, 120_000);
});
