/** Development aid: runs SQL (argv or stdin) on the bench's data set, starting its embedded server. */
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { databaseUrl } from '../../server/testing/database-url.js';
import { BENCH_DB } from './database.js';

const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };
const server = process.env.DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.resolve('bench/.data'), log: quiet });
const url = databaseUrl(process.env.DATABASE_URL ?? server?.url ?? '', BENCH_DB);
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const text = process.argv[2] ?? (await new Response(process.stdin as never).text());
  for (const statement of text.split(/;\s*\n/).filter((s) => s.trim())) {
    const started = performance.now();
    const result = await client.query(statement);
    const rows = Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows;
    for (const row of rows) console.info(Object.values(row).join(' | '));
    console.info(`-- ${(performance.now() - started).toFixed(1)} ms, ${rows.length} rows`);
  }
} finally {
  await client.end();
  await server?.stop();
}
