import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { connect, dir, emptyDatabase, setUpBackupScratch, t } from '../../db/backup.fixtures.js';
import { backupToFile, restoreFromFile } from '../../db/backup.js';
import { createDatabase } from '../../db/client.js';
import { runMigrations } from '../../db/migrate.js';
import { createLogger } from '../../logger.js';
import { registerMember, requestAs } from '../../testing/app.js';

/**
 * Issue 40 §1, backups: a snapshot taken before an erasure brings the member back when it is
 * restored; the list of erasures kept beside the data erases them again before the app serves.
 */
setUpBackupScratch({ app: true });

describe('a restore of a snapshot taken before an erasure', () => {
  it('erases that member again, from the list of erasures beside the data', async () => {
    const ann = await registerMember(t.app);
    const bob = await registerMember(t.app);
    const file = path.join(dir, 'before-erasure.snapshot');
    await backupToFile(t.databaseUrl, file, { format: 'builtin' });
    expect(
      (await requestAs(t.app, 'DELETE', '/api/account', ann, { password: ann.input.password }))
        .statusCode,
    ).toBe(200);

    const target = await emptyDatabase();
    await restoreFromFile(target, file);
    await runMigrations(target);
    // The snapshot has Ann as she was.
    const client = await connect(target);
    const before = await client.query('select email, erased_at from users where id = $1', [
      ann.user.id,
    ]);
    expect(before.rows[0]).toMatchObject({ email: ann.input.email, erased_at: null });

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-restored-'));
    const db = createDatabase(target, { error: () => {} });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      // The list the erasing app wrote, as an operator gives it to the restored one.
      ERASURES_FILE: t.config.erasuresFile,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      RATE_LIMITS: 'false',
    });
    const app = await buildApp({ config, db, logger: createLogger('silent') });
    try {
      await app.ready();
      const after = await client.query(
        'select email, nickname, erased_at from users where id = $1',
        [ann.user.id],
      );
      expect(after.rows[0].email).not.toBe(ann.input.email);
      expect(after.rows[0].nickname).toBeNull();
      expect(after.rows[0].erased_at).not.toBeNull();
      expect((await app.inject({ url: `/api/users/${ann.user.id}` })).statusCode).toBe(404);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: ann.input.email, password: ann.input.password },
      });
      expect(login.statusCode).toBe(401);
      // Nobody else is touched.
      expect((await app.inject({ url: `/api/users/${bob.user.id}` })).statusCode).toBe(200);
    } finally {
      await app.close();
      await client.end();
      await db.$client.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is listed again when the list lost an erasure the database has', async () => {
    const cara = await registerMember(t.app);
    await requestAs(t.app, 'DELETE', '/api/account', cara, { password: cara.input.password });
    await rm(t.config.erasuresFile, { force: true });
    const { readErasures } = await import('./erasure-list.js');
    expect(await readErasures(t.config.erasuresFile)).not.toContain(cara.user.id);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-relist-'));
    const db = createDatabase(t.databaseUrl, { error: () => {} });
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        ERASURES_FILE: t.config.erasuresFile,
        SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
        LOG_LEVEL: 'silent',
        CLIENT_DIR: path.join(dataDir, 'no-client'),
      }),
      db,
      logger: createLogger('silent'),
    });
    try {
      await app.ready();
      expect(await readErasures(t.config.erasuresFile)).toContain(cara.user.id);
    } finally {
      await app.close();
      await db.$client.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
