import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../features/auth/password.js';
import { databaseUrl } from '../testing/database-url.js';
import { freePort } from '../testing/process.js';
import {
  connect,
  dir,
  emptyDatabase,
  fingerprint,
  setUpBackupScratch,
  t,
} from './backup.fixtures.js';
import { backupToFile, matchingPgDump, restoreFromFile } from './backup.js';
import { runMigrations } from './migrate.js';

const execFileAsync = promisify(execFile);

setUpBackupScratch({ app: true });

describe('pg_dump', () => {
  it('is used when one at least as new as the server is installed, and restores the same rows', async (ctx) => {
    const probe = await connect(t.databaseUrl);
    const matching = await matchingPgDump(probe);
    await probe.end();
    // The embedded PostgreSQL 18 ships no pg_dump; CI's PostgreSQL 15 run has Debian's.
    if (!matching) ctx.skip();
    // pg_dump has no snapshot to share with this test, so the source is compared after the dump:
    // the app's job worker (claims, lease renewals) must not write to it in between.
    await t.app.jobs.stop();
    const file = path.join(dir, 'pg_dump.snapshot');
    const result = await backupToFile(t.databaseUrl, file);
    expect(result.format).toBe('pg_dump');
    expect((await stat(file)).mode & 0o077).toBe(0);
    const target = await emptyDatabase();
    await restoreFromFile(target, file);
    await runMigrations(target);
    const [source, restored] = [await connect(t.databaseUrl), await connect(target)];
    try {
      const { rows: tables } = await source.query<{ schema: string; name: string }>(
        `select schemaname as schema, tablename as name from pg_tables
         where schemaname in ('public', 'drizzle')
           and tablename <> 'item_changes' -- the source cluster's transaction ids: left out
         order by 1, 2`,
      );
      expect(tables.length).toBeGreaterThan(20);
      for (const table of tables) {
        expect({ table: table.name, ...(await fingerprint(restored, table)) }).toEqual({
          table: table.name,
          ...(await fingerprint(source, table)),
        });
      }
    } finally {
      await source.end();
      await restored.end();
    }
    await expect(restoreFromFile(target, file)).rejects.toThrow(/not empty/);
  }, 120_000);
});

/**
 * A PostgreSQL that this machine's pg_dump can dump: the test server when pg_dump is at least as
 * new (CI's PostgreSQL 15 run), else the distribution's server of pg_dump's own version in a
 * temporary folder, when it is installed (Debian's pg_dump 15 cannot dump the embedded 18), else
 * none.
 */
async function dumpableServer(): Promise<{ adminUrl: string; stop: () => Promise<void> } | null> {
  const adminUrl = inject('databaseAdminUrl');
  const probe = await connect(adminUrl);
  const matching = await matchingPgDump(probe).finally(() => probe.end());
  if (matching) return { adminUrl, stop: async () => {} };
  const version = await execFileAsync('pg_dump', ['--version']).catch(() => null);
  const major = /(\d+)(?:\.\d+)?/.exec(version?.stdout ?? '')?.[1];
  const bin = `/usr/lib/postgresql/${major}/bin`;
  if (!major || !existsSync(path.join(bin, 'pg_ctl'))) return null;
  const folder = await mkdtemp(path.join(os.tmpdir(), `swapmarket-pg${major}-`));
  // PostgreSQL refuses to run as root: as root, its own account runs it.
  let owner: { uid: number; gid: number } | Record<string, never> = {};
  if (process.getuid?.() === 0) {
    const id = async (flag: string) =>
      Number((await execFileAsync('id', [flag, 'postgres'])).stdout.trim());
    owner = { uid: await id('-u'), gid: await id('-g') };
    await chown(folder, owner.uid, owner.gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileAsync(path.join(bin, tool), args, { ...owner, env: { ...process.env, LC_ALL: 'C' } });
  const data = path.join(folder, 'data');
  await run('initdb', ['-D', data, '-U', 'swapmarket', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  await run('pg_ctl', [
    'start',
    '-w',
    '-D',
    data,
    '-l',
    path.join(folder, 'server.log'),
    '-o',
    `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=''`,
  ]);
  return {
    adminUrl: `postgres://swapmarket@127.0.0.1:${port}/postgres`,
    async stop() {
      await run('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']).catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Issue 36 §7: a pg_dump file is read, never run. Its SQL would run with the restoring
 * connection's rights (a superuser of the embedded cluster, whose `COPY ... TO PROGRAM` runs
 * shell commands); a restore takes only its tables' rows, through pg_restore's text output, into
 * the schema SwapMarket's own migrations build, in one transaction, like the built-in format.
 */
describe('pg_dump files', () => {
  let server: Awaited<ReturnType<typeof dumpableServer>>;
  /** Where a planted shell command would leave its mark, one per test. */
  const marks: string[] = [];
  const mark = () => {
    marks.push(path.join(os.tmpdir(), `swapmarket-planted-${randomBytes(5).toString('hex')}`));
    return marks.at(-1) as string;
  };

  beforeAll(async () => {
    server = await dumpableServer();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    for (const file of marks) await rm(file, { force: true });
  });

  /** A migrated SwapMarket database on the dumpable server, with a member and a session. */
  async function source(
    name: string,
    extra?: (client: pg.Client, database: string) => Promise<void>,
  ) {
    if (!server) throw new Error('no server');
    const database = `swapmarket_test_${name}_${randomBytes(4).toString('hex')}`;
    const admin = await connect(server.adminUrl);
    await admin.query(`create database ${database} template template0`);
    await admin.end();
    const url = databaseUrl(server.adminUrl, database);
    await runMigrations(url);
    const client = await connect(url);
    try {
      await client.query(
        `insert into users (id, email, password, nickname) values ('m-1', 'm1@example.com', $1, 'm one')`,
        [await hashPassword('dump-pass')],
      );
      await client.query(
        `insert into sessions (sid, sess, expire) values ($1, $2, now() + interval '1 day')`,
        [`${'d'.repeat(42)}1`, { userId: 'm-1', createdAt: new Date().toISOString() }],
      );
      await extra?.(client, database);
    } finally {
      await client.end();
    }
    const file = path.join(dir, `${name}.pgdump`);
    const result = await backupToFile(url, file, { format: 'pg_dump' });
    expect(result.format).toBe('pg_dump');
    return { url, database, file };
  }

  async function tables(url: string): Promise<string[]> {
    const client = await connect(url);
    try {
      const { rows } = await client.query<{ name: string }>(
        `select schemaname || '.' || tablename as name from pg_tables
         where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
      );
      return rows.map((r) => r.name);
    } finally {
      await client.end();
    }
  }

  it('refuses one whose table data holds other SQL (COPY ... TO PROGRAM), and runs none of it', async (ctx) => {
    if (!server) return ctx.skip();
    const planted = mark();
    const { file } = await source('to_program');
    // The statement pg_restore runs for the users table's data, swapped for a shell command of
    // the same length (the archive's offsets stay right).
    const bytes = await readFile(file);
    const text = bytes.toString('latin1');
    const copy = /COPY public\.users \([^)]*\) FROM stdin;\n/.exec(text);
    if (!copy) throw new Error('no COPY statement for users in the dump');
    const evil = `COPY (select 1) TO PROGRAM 'touch ${planted}';`;
    expect(evil.length).toBeLessThan(copy[0].length);
    bytes.write(evil.padEnd(copy[0].length - 1, ' '), copy.index, 'latin1');
    const crafted = path.join(dir, 'to-program.pgdump');
    await writeFile(crafted, bytes);

    const target = await emptyDatabase();
    await expect(restoreFromFile(target, crafted)).rejects.toThrow(
      /holds SQL that is not table data .*COPY \(select 1\) TO PROGRAM.* Nothing was restored\./,
    );
    expect(existsSync(planted)).toBe(false);
    expect(await tables(target)).toEqual([]);
  }, 120_000);

  it("builds the schema from SwapMarket's migrations: functions the dump plants never exist", async (ctx) => {
    if (!server) return ctx.skip();
    const planted = mark();
    const { file } = await source('planted', async (client, database) => {
      // A check on users that shells out wherever the dump is restored, and a C function.
      await client.query(`
        create function public.planted() returns boolean language plpgsql as $$
        begin
          if current_database() <> '${database}' then
            execute 'copy (select 1) to program ''touch ${planted}''';
          end if;
          return true;
        end $$`);
      await client.query('alter table users add constraint planted check (public.planted())');
      await client.query(
        `create function public.planted_c(text, text) returns int language c strict
         as '$libdir/fuzzystrmatch', 'levenshtein'`,
      );
    });
    const target = await emptyDatabase();
    const result = await restoreFromFile(target, file);
    expect(result.format).toBe('pg_dump');
    expect(existsSync(planted)).toBe(false);
    const restored = await connect(target);
    try {
      const { rows: functions } = await restored.query(
        `select proname from pg_proc where proname like 'planted%'`,
      );
      expect(functions).toEqual([]);
      const { rows: checks } = await restored.query(
        `select conname from pg_constraint where conname = 'planted'`,
      );
      expect(checks).toEqual([]);
      const { rows } = await restored.query('select id, nickname from users');
      expect(rows).toEqual([{ id: 'm-1', nickname: 'm one' }]);
      const { rows: sessions } = await restored.query('select sess from sessions');
      expect(sessions).toEqual([{ sess: expect.objectContaining({ userId: 'm-1' }) }]);
    } finally {
      await restored.end();
    }
  }, 120_000);

  it('gives back every row of every table, and the sequences go on after them', async (ctx) => {
    if (!server) return ctx.skip();
    const { url, file } = await source('rows', async (client) => {
      await client.query(
        `insert into items (user_id, title, description, condition, category_id)
         select 'm-1', 'Lamp ' || g, 'A lamp in good order', 'good', 7 from generate_series(1, 5) g`,
      );
      await client.query(
        `insert into images (owner_id, bytes, mime, width, height)
         values ('m-1', decode(repeat('ff00', 5000), 'hex'), 'image/jpeg', 10, 10)`,
      );
      await client.query('delete from items where id > 3');
    });
    const target = await emptyDatabase();
    await restoreFromFile(target, file);
    await runMigrations(target);
    const [from, to] = [await connect(url), await connect(target)];
    try {
      expect(await tables(target)).toEqual(await tables(url));
      // item_changes logs transaction ids of the source's cluster: a restore leaves it out.
      const names = (await tables(url)).filter((n) => n !== 'public.item_changes');
      for (const name of names) {
        const [schema, table] = name.split('.') as [string, string];
        expect({ name, ...(await fingerprint(to, { schema, name: table })) }).toEqual({
          name,
          ...(await fingerprint(from, { schema, name: table })),
        });
      }
      const { rows } = await to.query(
        `insert into items (user_id, title, description, condition, category_id)
         values ('m-1', 'After', 'Listed after the restore', 'good', 7) returning id`,
      );
      expect(rows[0].id).toBe(6);
    } finally {
      await from.end();
      await to.end();
    }
  }, 120_000);

  it('restores nothing from a truncated one', async (ctx) => {
    if (!server) return ctx.skip();
    const { file } = await source('truncated', async (client) => {
      await client.query(
        `insert into images (owner_id, bytes, mime, width, height)
         select 'm-1', decode(string_agg(md5(g::text || i), ''), 'hex'), 'image/jpeg', 10, 10
         from generate_series(1, 20) i, generate_series(1, 2000) g group by i`,
      );
    });
    const whole = await readFile(file);
    const cut = path.join(dir, 'cut-short.pgdump');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const target = await emptyDatabase();
    await expect(restoreFromFile(target, cut)).rejects.toThrow(
      /(damaged or truncated|truncated or damaged).*Nothing was restored/,
    );
    expect(await tables(target)).toEqual([]);
    await restoreFromFile(target, file);
  }, 120_000);

  it('refuses one whose users rows the app could not have written', async (ctx) => {
    if (!server) return ctx.skip();
    const { file } = await source('bad_user', async (client) => {
      await client.query(
        `insert into users (id, email, password) values ('m-2', 'm2@example.com', 'hunter2')`,
      );
    });
    const target = await emptyDatabase();
    await expect(restoreFromFile(target, file)).rejects.toThrow(
      'Row 2 of table public.users in the backup is not one SwapMarket writes: the password is not a scrypt hash in the form SwapMarket writes. Nothing was restored.',
    );
    expect(await tables(target)).toEqual([]);
  }, 120_000);
});
