import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { runMigrations } from '../db/migrate.js';
import { databaseUrl } from './database-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: DATABASE_URL when given (CI runs the suite against
 * Debian's PostgreSQL 15 that way), else an embedded server in a temporary folder. Migrations run
 * once into a template database; every test file clones it (server/testing/database.ts).
 */
export default async function setup(project: TestProject) {
  const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };
  let adminUrl = process.env.DATABASE_URL;
  let stopServer = async () => {};
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'swapmarket-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir: tempDir, log: quiet });
    adminUrl = server.adminUrl;
    stopServer = server.stop;
  }
  const templateDatabase = `swapmarket_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDatabase}`);
  await admin.query(`create database ${templateDatabase}`);
  await admin.end();
  await runMigrations(databaseUrl(adminUrl, templateDatabase));

  project.provide('databaseAdminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like 'swapmarket_test_%' or datname = $1`,
      [templateDatabase],
    );
    for (const { datname } of rows)
      await client.query(`drop database if exists ${datname} with (force)`);
    await client.end();
    await stopServer();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
