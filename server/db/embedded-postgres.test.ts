import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { socketDirectoryFor } from './embedded-postgres.js';

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

// The embedded server the tests run on (none when DATABASE_URL names a server of its own).
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded server', () => {
  it('is reached over its Unix socket, which PostgreSQL reports as no client address', async () => {
    const client = new pg.Client({ connectionString: inject('databaseAdminUrl') });
    await client.connect();
    try {
      const { rows } = await client.query<{ address: string | null }>(
        'select inet_client_addr()::text as address',
      );
      expect(rows).toEqual([{ address: null }]);
    } finally {
      await client.end();
    }
  });
});
