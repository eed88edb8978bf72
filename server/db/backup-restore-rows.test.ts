import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../features/auth/password.js';
import { connect, dir, emptyDatabase, setUpBackupScratch } from './backup.fixtures.js';
import { backupToFile, RestoreError, restoreFromFile } from './backup.js';
import { runMigrations } from './migrate.js';
import { restrictedLoader } from './snapshot-restore.js';

setUpBackupScratch();

/**
 * Issue 36 §7: who may sign in is decided by `users` and `sessions`. A restore takes only rows
 * SwapMarket writes (server/db/restore-checks.ts); the first that is not stops it, named, and the
 * target stays empty.
 */
describe('users and sessions in a backup', () => {
  let hash: string;
  const now = new Date().toISOString();
  const session = (sid: string, sess: object) => ({ sid, sess: JSON.stringify(sess) });
  const sid = (n: number) => `${'s'.repeat(42)}${n}`;

  beforeAll(async () => {
    hash = await hashPassword('backup-pass');
  });

  /** A snapshot of a database holding `users` and `sessions` rows as given (in that order). */
  async function snapshotOf(
    users: Array<{ id: string; email: string; password: string; nickname: string | null }>,
    sessions: Array<{ sid: string; sess: string }> = [],
  ): Promise<string> {
    const source = await emptyDatabase();
    await runMigrations(source);
    const client = await connect(source);
    try {
      for (const u of users) {
        await client.query(
          'insert into users (id, email, password, nickname) values ($1, $2, $3, $4)',
          [u.id, u.email, u.password, u.nickname],
        );
      }
      for (const s of sessions) {
        await client.query(
          `insert into sessions (sid, sess, expire) values ($1, $2::jsonb, now() + interval '1 day')`,
          [s.sid, s.sess],
        );
      }
    } finally {
      await client.end();
    }
    const file = path.join(dir, `rows-${randomBytes(4).toString('hex')}.snapshot`);
    await backupToFile(source, file, { format: 'builtin' });
    return file;
  }

  async function tableCount(url: string): Promise<number> {
    const client = await connect(url);
    try {
      const { rows } = await client.query(
        `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      return rows[0].n;
    } finally {
      await client.end();
    }
  }

  const member = (n: number, password = hash) => ({
    id: `member-${n}`,
    email: `member${n}@example.com`,
    password,
    nickname: `member ${n}`,
  });

  it('refuses a users row the app could not have written, names it, and restores nothing', async () => {
    const file = await snapshotOf([member(1), member(2), member(3, 'letmein'), member(4)]);
    const target = await emptyDatabase();
    const refused = await restoreFromFile(target, file).catch((e) => e);
    expect(refused).toBeInstanceOf(RestoreError);
    expect(refused.message).toBe(
      'Row 3 of table public.users in the backup is not one SwapMarket writes: the password is not a scrypt hash in the form SwapMarket writes. Nothing was restored.',
    );
    expect(await tableCount(target)).toBe(0);
  }, 60_000);

  it('refuses a session that is not of the shape the app writes, and restores nothing', async () => {
    const file = await snapshotOf(
      [member(1)],
      [
        session(sid(1), { userId: 'member-1', createdAt: now }),
        session(sid(2), { userId: 'member-1', createdAt: now, isAdmin: true }),
      ],
    );
    const target = await emptyDatabase();
    await expect(restoreFromFile(target, file)).rejects.toThrow(
      'Row 2 of table public.sessions in the backup is not one SwapMarket writes: sess holds createdAt, isAdmin, userId, not exactly userId and createdAt. Nothing was restored.',
    );
    expect(await tableCount(target)).toBe(0);
  }, 60_000);

  it('restores users and sessions as the app writes them', async () => {
    const file = await snapshotOf(
      [member(1), { ...member(2), nickname: null }],
      [session(sid(1), { userId: 'member-1', createdAt: now })],
    );
    const target = await emptyDatabase();
    await restoreFromFile(target, file);
    const client = await connect(target);
    try {
      const { rows } = await client.query('select sess from sessions');
      expect(rows).toEqual([{ sess: { userId: 'member-1', createdAt: now } }]);
      // The role the rows were loaded as lived in the restore's transaction only.
      const { rows: roles } = await client.query(
        `select rolname from pg_roles where rolname like 'swapmarket\\_restore\\_%'`,
      );
      expect(roles).toEqual([]);
    } finally {
      await client.end();
    }
  }, 60_000);
});

describe('the role a restore loads rows as', () => {
  it('is no superuser and can do nothing but insert into the tables being loaded', async () => {
    const url = await emptyDatabase();
    await runMigrations(url);
    const client = await connect(url);
    const query = (text: string, values?: unknown[]) => client.query(text, values);
    const error = (text: string) =>
      query(text).then(
        () => 'ran',
        (e: { message: string }) => e.message,
      );
    try {
      await query('begin');
      const loader = await restrictedLoader(query, [
        { schema: 'public', name: 'users' },
        { schema: 'drizzle', name: '__drizzle_migrations' },
      ]);
      await loader.enter();
      const { rows } = await query(
        'select current_user as role, rolsuper from pg_roles where rolname = current_user',
      );
      expect(rows[0]).toMatchObject({
        role: expect.stringMatching(/^swapmarket_restore_/),
        rolsuper: false,
      });
      await query('savepoint s');
      expect(await error(`copy (select 1) to program 'true'`)).toMatch(
        /permission denied|must be superuser/,
      );
      await query('rollback to savepoint s');
      expect(await error(`select pg_read_file('/etc/hostname')`)).toMatch(/permission denied/);
      await query('rollback to savepoint s');
      expect(
        await error('create function public.f() returns int language sql as $$ select 1 $$'),
      ).toMatch(/permission denied/);
      await query('rollback to savepoint s');
      expect(await error('select count(*) from users')).toMatch(/permission denied/);
      await query('rollback to savepoint s');
      expect(
        await error(
          'insert into items (user_id, title, description, condition, category_id) values (null, $$t$$, $$d$$, $$good$$, 1)',
        ),
      ).toMatch(/permission denied/);
      await query('rollback to savepoint s');
      await query(
        `insert into users (id, email, password) values ('loaded', 'l@example.com', 'x')`,
      );
      await loader.leave();
      await loader.drop();
      const { rows: left } = await query(
        `select count(*)::int as n from pg_roles where rolname like 'swapmarket\\_restore\\_%'`,
      );
      expect(left[0].n).toBe(0);
    } finally {
      await query('rollback').catch(() => {});
      await client.end();
    }
  });
});
