/**
 * The inbound figure of the federation part (issue 37 §5) alone, in a minute or two and without
 * the 100k data set: `npx tsx scripts/bench/federation-inbound-only.ts` (after `npm run build`).
 * Two production instances on fresh databases of their own (federation-instances.ts) on an
 * embedded PostgreSQL of this script's own (bench/.data/inbound-only), then federation-inbound.ts:
 * `straight` listings end to end, then `held` held back at the receiver and released at once.
 *
 *   BENCH_FEDERATION_ACTIVITIES=straight,held   default 20,500
 *   BENCH_RECEIVER_PROF=dir     the receiver runs with --cpu-prof into `dir` (written as it stops;
 *                               scripts/bench/cpu-profile-top.ts summarises it)
 *   BENCH_PG_STATEMENTS=1       pg_stat_statements (track = all, triggers' statements included)
 *                               over the held run: statements per activity, the costliest ones
 *   BENCH_RECEIVER_ROOT=dir     the receiver runs the build in `dir`/dist (another commit's, to
 *                               compare in one sitting; the sender runs this checkout's)
 *   BENCH_PORT                  the sender's port (default 4690), the receiver's the next one
 */
import path from 'node:path';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { onAllCores } from './all-cores.js';
import { sideDatabase } from './database.js';
import { inboundThroughput } from './federation-inbound.js';
import { type Instance, startFederatedInstance } from './federation-instances.js';
import { childCpuByKind, postmasterPid } from './process-cpu.js';

const DATA_DIR = 'bench/.data/inbound-only';
const [STRAIGHT = 20, HELD = 500] = (process.env.BENCH_FEDERATION_ACTIVITIES ?? '20,500')
  .split(',')
  .map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 4690);
const PROFILE_DIR = process.env.BENCH_RECEIVER_PROF;
const STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';

const started = Date.now();
const say = (line: string) =>
  console.info(`[inbound ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);
const quiet = { info: () => {}, warn: say };

async function run(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The script's PostgreSQL, with pg_stat_statements loaded or not as asked (a restart if it changes). */
async function startPostgres(): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(DATA_DIR);
  let server = await startEmbeddedPostgres({ dataDir, log: quiet });
  const [loaded] = await run(server.adminUrl, 'show shared_preload_libraries');
  const has = String(loaded?.shared_preload_libraries ?? '').includes('pg_stat_statements');
  if (has !== STATEMENTS) {
    await run(
      server.adminUrl,
      STATEMENTS
        ? `alter system set shared_preload_libraries = 'pg_stat_statements'`
        : 'alter system reset shared_preload_libraries',
    );
    await server.stop();
    server = await startEmbeddedPostgres({ dataDir, log: quiet });
  }
  if (STATEMENTS) {
    await run(server.adminUrl, `alter system set pg_stat_statements.track = 'all'`);
    await run(server.adminUrl, 'alter system set pg_stat_statements.track_planning = on');
    await run(server.adminUrl, 'select pg_reload_conf()');
  }
  return server;
}

type Statement = {
  calls: number;
  ms: number;
  planMs: number;
  rows: number;
  toplevel: boolean;
  /** Times the planner ran for it: a prepared statement on its generic plan is not planned. */
  plans: number;
  query: string;
};

async function statementsOf(url: string): Promise<Statement[]> {
  const rows = await run(
    url,
    `select calls::int, plans::int, total_exec_time as ms, total_plan_time as "planMs", rows::int, toplevel, query
       from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
      order by total_exec_time desc`,
  );
  return rows as Statement[];
}

function reportStatements(statements: Statement[], activities: number) {
  const top = statements.filter((s) => s.toplevel);
  const nested = statements.filter((s) => !s.toplevel);
  const sum = (list: Statement[], key: 'calls' | 'ms' | 'planMs') =>
    list.reduce((total, s) => total + s[key], 0);
  say(
    `statements per activity: ${(sum(top, 'calls') / activities).toFixed(1)} sent by the app ` +
      `(${(sum(top, 'ms') / activities).toFixed(2)} ms executing, ${(sum(top, 'planMs') / activities).toFixed(2)} ms planning), ${(sum(nested, 'calls') / activities).toFixed(1)} ` +
      `nested in functions and triggers (${(sum(nested, 'ms') / activities).toFixed(2)} ms, counted within their callers)`,
  );
  say(
    'costliest statements (calls per activity, ms executing and planning per activity, mean ms, share of calls planned, top-level?):',
  );
  for (const s of [...statements].sort((a, b) => b.ms + b.planMs - a.ms - a.planMs).slice(0, 30))
    say(
      `  ${(s.calls / activities).toFixed(2).padStart(6)} × ${(s.ms / activities).toFixed(3).padStart(7)} + ${(s.planMs / activities).toFixed(3).padStart(7)} ms  ` +
        `${(s.ms / Math.max(1, s.calls)).toFixed(3).padStart(7)}  ` +
        `${Math.round((100 * s.plans) / Math.max(1, s.calls))}%`.padStart(4) +
        `  ${s.toplevel ? 'app ' : 'nest'}  ` +
        s.query.replace(/\s+/g, ' ').slice(0, 160),
    );
  say('most frequent statements sent by the app (calls per activity):');
  for (const s of [...top].sort((a, b) => b.calls - a.calls).slice(0, 25))
    say(
      `  ${(s.calls / activities).toFixed(2).padStart(6)}  ${s.query.replace(/\s+/g, ' ').slice(0, 180)}`,
    );
}

const cores = onAllCores();
const postgres = await startPostgres();
const senderDb = await sideDatabase(postgres.adminUrl, 'swapmarket_inbound_sender');
const receiverDb = await sideDatabase(postgres.adminUrl, 'swapmarket_inbound_receiver');
let sender: Instance | undefined;
let receiver: Instance | undefined;
let cpuBefore = new Map<string, number>();
try {
  say(
    `PostgreSQL ${(await run(postgres.adminUrl, 'show server_version'))[0]?.server_version}, ${cores} cores`,
  );
  if (STATEMENTS)
    await run(receiverDb.url, 'create extension if not exists pg_stat_statements').catch((error) =>
      say(`no pg_stat_statements: ${error}`),
    );
  sender = await startFederatedInstance('sender', senderDb.url, PORT);
  receiver = await startFederatedInstance(
    'receiver',
    receiverDb.url,
    PORT + 1,
    {},
    PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [],
    process.env.BENCH_RECEIVER_ROOT ?? '.',
  );
  const { held } = await inboundThroughput({
    sender,
    receiver,
    straight: STRAIGHT,
    held: HELD,
    report: say,
    pgDataDir: DATA_DIR,
    onRelease: async () => {
      if (STATEMENTS) await run(receiverDb.url, 'select pg_stat_statements_reset()');
      cpuBefore = childCpuByKind(postmasterPid(DATA_DIR));
    },
    onApplied: async () => {
      const cpuAfter = childCpuByKind(postmasterPid(DATA_DIR));
      say('PostgreSQL CPU per activity by process (live ones; exited ones not counted):');
      for (const [kind, ms] of [...cpuAfter].sort((a, b) => b[1] - a[1])) {
        const used = (ms - (cpuBefore.get(kind) ?? 0)) / HELD;
        if (used > 0) say(`  ${used.toFixed(2).padStart(6)} ms  ${kind}`);
      }
      if (STATEMENTS) reportStatements(await statementsOf(receiverDb.url), HELD);
    },
  });
  say(
    `held then released: ${held.perSecond.toFixed(1)}/s, CPU per activity ` +
      `${held.cpuMsPerActivity?.receiver.toFixed(1)} ms app, ${held.cpuMsPerActivity?.postgres?.toFixed(1)} ms PostgreSQL`,
  );
} finally {
  await receiver?.stop();
  await sender?.stop();
  await senderDb.drop();
  await receiverDb.drop();
  await postgres.stop();
}
