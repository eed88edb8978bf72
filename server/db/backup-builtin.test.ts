import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { registerMember, sessionCookie } from '../testing/app.js';
import { jpegDataUrl, pngDataUrl } from '../testing/images.js';
import {
  connect,
  dir,
  emptyDatabase,
  fingerprint,
  setUpBackupScratch,
  t,
} from './backup.fixtures.js';
import { backupToFile, RestoreError, restoreFromFile } from './backup.js';
import { createDatabase } from './client.js';
import { runMigrations } from './migrate.js';
import type { SnapshotManifest } from './snapshot.js';

/**
 * Issue 20 §4: a backup taken while the app writes is one consistent snapshot, and restoring it
 * into an empty database gives back every row and every image byte of that snapshot, with
 * sequences that go on after it and an app that serves it.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

setUpBackupScratch({ app: true });

const call = (
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  who?: { cookie: string },
  payload?: object,
) => app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

async function listItem(who: Member, title: string, images: string[]) {
  const response = await call(t.app, 'POST', '/api/items', who, {
    title,
    description: `${title}, in good order`,
    categoryId: 7,
    condition: 'good',
    images,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as { id: number; images: string[] };
}

async function offerAndTalk(itemId: number, from: Member, to: Member, photo?: string) {
  const offer = await call(t.app, 'POST', '/api/swap-requests', from, {
    itemId,
    message: 'Would you swap?',
    ...(photo ? { offerDescription: 'A lamp', offerImages: [photo] } : {}),
  });
  if (offer.statusCode !== 201) throw new Error(offer.body);
  const url = `/api/swap-requests/${offer.json().id}/messages`;
  for (const [who, content] of [
    [from, 'Is it still there?'],
    [to, 'It is. Tuesday?'],
  ] as const) {
    const sent = await call(t.app, 'POST', url, who, { content });
    if (sent.statusCode !== 201) throw new Error(sent.body);
  }
}

/** Every index and constraint definition of the app's schemas. */
async function schemaOf(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ def: string }>(
    `select indexdef as def from pg_indexes where schemaname in ('public', 'drizzle')
     union all
     select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(c.oid)
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where n.nspname in ('public', 'drizzle')
     order by 1`,
  );
  return rows.map((r) => r.def);
}

async function images(client: pg.ClientBase): Promise<Map<string, Buffer>> {
  const { rows } = await client.query<{ id: string; bytes: Buffer }>(
    'select id, bytes from images',
  );
  return new Map(rows.map((r) => [r.id, r.bytes]));
}

describe('backup and restore (built-in format)', () => {
  let file: string;
  let manifest: SnapshotManifest;
  /** The backup's own snapshot, held open in another session to compare against. */
  let snapshot: pg.Client;
  let restoredUrl: string;
  let members: Member[];
  let firstItem: { id: number; images: string[] };

  beforeAll(async () => {
    members = [];
    for (let i = 0; i < 4; i++) members.push(await registerMember(t.app));
    const [a, b, c, d] = members as [Member, Member, Member, Member];
    const photo = await jpegDataUrl(800, 600);
    firstItem = await listItem(a, 'Brass telescope', [photo, await pngDataUrl(64, 64)]);
    for (const [who, title] of [
      [a, 'Record player'],
      [b, 'Sewing machine'],
      [c, 'Tent for four'],
      [d, 'Chess set'],
    ] as const) {
      await listItem(who, title, [await jpegDataUrl(640, 480)]);
    }
    await offerAndTalk(firstItem.id, b, a, await jpegDataUrl(300, 300));
    await offerAndTalk(firstItem.id, c, a);
  }, 120_000);

  afterAll(async () => {
    await snapshot?.end().catch(() => {});
  });

  it('takes one consistent snapshot while members keep writing', async () => {
    file = path.join(dir, 'swapmarket.snapshot');
    let writing = true;
    let writes = 0;
    const photo = await jpegDataUrl(400, 300);
    const load = Promise.all(
      [0, 1].map(async (worker) => {
        while (writing) {
          const who = await registerMember(t.app);
          const item = await listItem(who, `Load ${worker}-${writes}`, [photo]);
          await offerAndTalk(item.id, members[worker] as Member, who);
          writes++;
        }
      }),
    );
    const live = await connect(t.databaseUrl);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const result = await backupToFile(t.databaseUrl, file, {
        format: 'builtin',
        async onSnapshot(id) {
          snapshot = await connect(t.databaseUrl);
          await snapshot.query('begin isolation level repeatable read read only');
          await snapshot.query(`set transaction snapshot '${id}'`);
          // Writes commit while the backup is open: they must not be in it.
          const { rows } = await snapshot.query('select count(*)::int as n from items');
          const before = rows[0].n as number;
          for (let i = 0; i < 100; i++) {
            const now = await live.query('select count(*)::int as n from items');
            if (now.rows[0].n > before + 2) break;
            await new Promise((r) => setTimeout(r, 50));
          }
        },
      });
      manifest = result.manifest as SnapshotManifest;
      console.info(
        `backup: ${manifest.tables.reduce((s, x) => s + x.rows, 0)} rows in ${manifest.tables.length} tables, ${result.bytes} bytes, ${result.ms} ms`,
      );
    } finally {
      writing = false;
      await load;
      await live.end();
    }
    expect(writes).toBeGreaterThan(2);
    // Password hashes and private messages: for the owner's eyes only.
    expect((await stat(file)).mode & 0o077).toBe(0);
    const items = manifest.tables.find((x) => x.name === 'items');
    const imagesTable = manifest.tables.find((x) => x.name === 'images');
    expect(items?.rows).toBe((await fingerprint(snapshot, { schema: 'public', name: 'items' })).n);
    expect(imagesTable?.columns).toContain('bytes');
    // The drizzle migrations table travels with the data.
    expect(manifest.tables.map((x) => `${x.schema}.${x.name}`)).toContain(
      'drizzle.__drizzle_migrations',
    );
    expect(manifest.migrations.length).toBeGreaterThan(5);
    // Generated columns are not copied; they are computed again on restore.
    expect(items?.columns).not.toContain('search_vector');
    // The load went on committing during the backup, and the live database is ahead of it.
    const now = await t.db.$client.query('select count(*)::int as n from items');
    expect(now.rows[0].n).toBeGreaterThan(items?.rows ?? 0);
  }, 120_000);

  it('restores every row and image byte of the snapshot into an empty database', async () => {
    restoredUrl = await emptyDatabase();
    const result = await restoreFromFile(restoredUrl, file);
    console.info(`restore: ${result.ms} ms`);
    await runMigrations(restoredUrl);
    const restored = await connect(restoredUrl);
    try {
      for (const table of manifest.tables) {
        const [expected, actual] = [
          await fingerprint(snapshot, table),
          await fingerprint(restored, table),
        ];
        expect({ table: table.name, ...actual }).toEqual({ table: table.name, ...expected });
        expect(actual.n).toBe(table.rows);
      }
      // The same schema: every index and constraint (foreign keys were set aside during the load).
      expect(await schemaOf(restored)).toEqual(await schemaOf(snapshot));
      const [before, after] = [await images(snapshot), await images(restored)];
      expect(before.size).toBeGreaterThan(5);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [id, bytes] of before) expect(after.get(id)?.equals(bytes)).toBe(true);
    } finally {
      await restored.end();
    }
  }, 120_000);

  it('gives an app that starts on it, serves its items and images, and goes on numbering', async () => {
    const db = createDatabase(restoredUrl, { error: () => {} }, { max: 5 });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-restored-data-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      RATE_LIMITS: 'false',
    });
    const app = await buildApp({ config, db, logger: createLogger('silent') });
    try {
      await app.ready();
      const item = await call(app, 'GET', `/api/items/${firstItem.id}`);
      expect(item.statusCode).toBe(200);
      expect(item.json()).toMatchObject({ id: firstItem.id, title: 'Brass telescope' });
      const [url] = item.json().images as string[];
      const served = await call(app, 'GET', url as string);
      const original = await call(t.app, 'GET', url as string);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(original.rawPayload)).toBe(true);

      // A member of the snapshot signs in and lists something: identity sequences continue.
      const member = members[1] as Member;
      const login = await call(app, 'POST', '/api/login', undefined, {
        email: member.input.email,
        password: member.input.password,
      });
      expect(login.statusCode).toBe(200);
      const cookie = sessionCookie(login);
      const listed = await app.inject({
        method: 'POST',
        url: '/api/items',
        headers: { cookie },
        payload: {
          title: 'After the restore',
          description: 'Listed on the restored database',
          categoryId: 7,
          condition: 'good',
        },
      });
      expect(listed.statusCode, listed.body).toBe(201);
      const maxId = (await snapshot.query('select max(id)::int as m from items')).rows[0].m;
      expect(listed.json().id).toBeGreaterThan(maxId);
      const offer = await app.inject({
        method: 'POST',
        url: '/api/swap-requests',
        headers: { cookie },
        payload: { itemId: firstItem.id, message: 'Still up for a swap?' },
      });
      expect(offer.statusCode).toBe(201);
    } finally {
      await app.close();
      await db.$client.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a database that is not empty, and changes nothing in it', async () => {
    const before = await fingerprint(t.db.$client as unknown as pg.Client, {
      schema: 'public',
      name: 'users',
    });
    await expect(restoreFromFile(t.databaseUrl, file)).rejects.toThrow(RestoreError);
    await expect(restoreFromFile(restoredUrl, file)).rejects.toThrow(
      /target database is not empty .*Restore into an empty one/,
    );
    const after = await fingerprint(t.db.$client as unknown as pg.Client, {
      schema: 'public',
      name: 'users',
    });
    expect(after).toEqual(before);
  });

  it('restores nothing from a damaged file, leaving the target empty for another try', async () => {
    const whole = await readFile(file);
    const damaged = path.join(dir, 'damaged.snapshot');
    await writeFile(damaged, whole.subarray(0, Math.floor(whole.length * 0.8)));
    const target = await emptyDatabase();
    await expect(restoreFromFile(target, damaged)).rejects.toThrow();
    const client = await connect(target);
    try {
      const { rows } = await client.query(
        `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
    await restoreFromFile(target, file);
  }, 60_000);

  it('refuses a file that is not a snapshot', async () => {
    const other = path.join(dir, 'notes.txt');
    await writeFile(other, 'hello');
    await expect(restoreFromFile(await emptyDatabase(), other)).rejects.toThrow(
      /not a SwapMarket backup/,
    );
  });
});
