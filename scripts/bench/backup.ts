/**
 * `npm run bench:backup`: how long the built-in backup and restore take on the bench's data set
 * (10,000 members, 100,000 listings, 50,000 offers, 200,000 messages) while a writer keeps
 * inserting, then on 1,000 pictures of 200 KB that do not compress. Runs on an embedded server
 * in a temporary folder, removed at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { backupToFile, restoreFromFile } from '../../server/db/backup.js';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { runMigrations } from '../../server/db/migrate.js';
import { hashPassword } from '../../server/features/auth/password.js';
import { databaseUrl } from '../../server/testing/database-url.js';
import { seed } from './seed.js';

const dir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-bench-backup-'));
const server = await startEmbeddedPostgres({
  dataDir: dir,
  log: { info: () => {}, warn: console.warn },
});

async function createDatabase(name: string, template = 'template1'): Promise<string> {
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  return databaseUrl(server.adminUrl, name);
}

const pictures = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // A restore takes only password hashes the app writes (server/db/restore-checks.ts).
  await client.query(`insert into users (id, email, password) values ('p', 'p@example.com', $1)`, [
    await hashPassword('pictures'),
  ]);
  for (let i = 0; i < 1000; i++) {
    await client.query(
      `insert into images (owner_id, bytes, mime, width, height)
       select 'p', decode(string_agg(md5(random()::text || g), ''), 'hex'), 'image/jpeg', 1600, 1200
       from generate_series(1, 12500) g`,
    );
  }
  await client.end();
};

async function measure(name: string, fill: (url: string) => Promise<unknown>) {
  const source = await createDatabase(`${name}_source`);
  await runMigrations(source);
  await fill(source);
  const writer = new pg.Client({ connectionString: source });
  await writer.connect();
  const { rows } = await writer.query(
    `select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  let writing = true;
  let writes = 0;
  const load = (async () => {
    while (writing) {
      await writer.query(`insert into site_visits (path) values ('/during-backup')`);
      writes++;
    }
  })();
  const file = path.join(dir, `${name}.snapshot`);
  const backup = await backupToFile(source, file, { format: 'builtin' });
  writing = false;
  await load;
  await writer.end();
  const target = await createDatabase(`${name}_target`, 'template0');
  const restore = await restoreFromFile(target, file);
  const total = backup.manifest?.tables.reduce((sum, t) => sum + t.rows, 0) ?? 0;
  console.info(
    `${name}: database ${rows[0]?.size}, ${total.toLocaleString('en-GB')} rows; backup ${(backup.ms / 1000).toFixed(1)} s ` +
      `(${(backup.bytes / 1e6).toFixed(1)} MB, ${writes} inserts committed meanwhile), restore ${(restore.ms / 1000).toFixed(1)} s`,
  );
}

try {
  await measure('listings', (url) => seed(url, () => {}));
  await measure('pictures', pictures);
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
