/**
 * `npm run bench`: builds the production server, seeds a fresh database with the bench data set,
 * and measures the app against the SQL floor (scripts/bench/floor.ts) on the same database and
 * against the static floor (static-floor.ts: the app's own answers from memory), plus live
 * delivery, an idle tab's traffic and the front end. Writes bench/results.json and bench/RESULTS.md.
 *
 * BENCH_SECONDS (default 10) sets each load run's length; DATABASE_URL uses that server.
 * BENCH_ONLY=matching measures the matching figures alone and merges them into the last full run's
 * results; BENCH_ONLY=frontend the front end alone (route sizes, Lighthouse 3× on the home, browse
 * and item pages); BENCH_ONLY=availability the adversarial round and the ring of wants (issue 36,
 * availability.ts); BENCH_ONLY=federation the federation figures (issue 37, federation.ts);
 * BENCH_ONLY=alerts the want alerts (issue 18, alerts.ts), into their own section and
 * bench/results-alerts.json. Matching runs the sequence below without the API table, live updates,
 * front end, federation and availability; the others are in run-only.ts. BENCH_REUSE=1 keeps the
 * last run's data set instead of seeding a new one (only with a data set this code's migrations
 * made). BENCH_SCALE=10 seeds ten times the data (1M listings); with BENCH_PARTS=api it writes
 * bench/results-scale10.json and the scale section of bench/RESULTS.md, set against the last full
 * run. BENCH_PARTS=api measures the API table and the query plans alone;
 * BENCH_ENDPOINTS=browse,detail,… only those endpoints of the API table (and leaves out the
 * federation and availability parts). BENCH_PORT (default 4610) is the app's port; the next six are
 * the floors' and the federation part's. run-settings.ts reads these, but for BENCH_SCALE (seed.ts)
 * and DATABASE_URL (database.ts).
 */

import os from 'node:os';
import { type AlertsResult, benchAlerts } from './alerts.js';
import { onAllCores } from './all-cores.js';
import { availabilityFigures } from './availability.js';
import { freshDatabase } from './database.js';
import { signIn } from './endpoints.js';
import { federationFigures } from './federation.js';
import { measureFrontend } from './frontend.js';
import { idleTabRequests, messageDelivery } from './live.js';
import { matchingFigures } from './matching.js';
import type { Row } from './report.js';
import type { AvailabilityResults } from './report-availability.js';
import type { Frontend } from './report-frontend.js';
import { MATCHING_HEADING, renderMatching } from './report-matching.js';
import {
  compareWithFloor,
  loadTable,
  measuredEndpoints,
  type SameJson,
  staticFloorOfApp,
} from './run-api.js';
import { buildProduction, datasetCounts, seedOrReuse } from './run-dataset.js';
import { alertsOnly, availabilityOnly, federationOnly, frontendOnly } from './run-only.js';
import { queryPlans } from './run-plans.js';
import { mergeSection, writeRun } from './run-results.js';
import {
  API_ONLY,
  APP_PORT,
  FEDERATION_PORT,
  FLOOR_PORT,
  ONLY_ENDPOINTS,
  ONLY_MATCHING,
  REUSE,
  SECONDS,
  say,
  started,
} from './run-settings.js';
import { BENCH_MEMBER, BENCH_SCALE } from './seed.js';
import { startApp, startFloor, type startStaticFloor } from './servers.js';

async function main() {
  onAllCores();
  if (process.env.BENCH_ONLY === 'alerts') return alertsOnly();
  if (process.env.BENCH_ONLY === 'frontend') return frontendOnly();
  if (process.env.BENCH_ONLY === 'availability') return availabilityOnly();
  if (process.env.BENCH_ONLY === 'federation') return federationOnly();
  buildProduction();

  const database = await freshDatabase(say, { reuse: REUSE });
  const { memberId, conversationId, graph } = await seedOrReuse(database);
  const counts = await datasetCounts(database.url, memberId, conversationId);
  say(`seeded: ${JSON.stringify(counts)}`);

  const plans = await queryPlans(database.url, memberId, conversationId);

  let alerts: AlertsResult | undefined;
  if (!API_ONLY) {
    say('want alerts');
    alerts = await benchAlerts(database.url, say);
    say(`alerts: p50 ${alerts.p50.toFixed(1)} ms, p95 ${alerts.p95.toFixed(1)} ms`);
  }

  const { rows, checks, matching, live, frontend } = await measureOnServers(
    database.url,
    memberId,
    conversationId,
    counts.otherParty,
  ).catch(async (error) => {
    // On a failure the database stops here; else after the parts below.
    await database.stop();
    throw error;
  });

  // Last, on their own servers (the API's are stopped): the federation part adds remote
  // listings to the data set for its hot reads and takes them out again; availability needs no
  // data set (each measurement starts its own database).
  let federation: Awaited<ReturnType<typeof federationFigures>> | undefined;
  let availability: AvailabilityResults | undefined;
  try {
    if (!API_ONLY && !ONLY_MATCHING && !ONLY_ENDPOINTS) {
      say('federation: liquidity, hot reads with remote listings, inbound, fan-out');
      federation = await federationFigures({
        dbUrl: database.url,
        port: FEDERATION_PORT,
        seconds: SECONDS,
        report: say,
      });
      say('availability: the adversarial round and the ring of wants');
      availability = await availabilityFigures(say);
    }
  } finally {
    await database.stop();
  }

  const matchingResults = matching && {
    date: new Date().toISOString(),
    graph,
    plans: Object.fromEntries(Object.entries(plans).filter(([key]) => key.startsWith('matches-'))),
    ...matching,
  };
  if (ONLY_MATCHING) {
    // The other figures stay those of the last full run: only the matching section changes.
    if (!matchingResults) throw new Error('no matching figures');
    return mergeSection(
      'matching',
      matchingResults,
      MATCHING_HEADING,
      renderMatching(matchingResults),
      'the matching section',
    );
  }
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.availableParallelism(),
      model: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    scale: BENCH_SCALE,
    endpointsMeasured: ONLY_ENDPOINTS ?? 'all',
    parts: API_ONLY ? 'api' : 'all',
    database: { version: database.version, embedded: database.embedded, counts },
    secondsPerRun: SECONDS,
    durationSeconds: Math.round((Date.now() - started) / 1000),
    sameJson: checks,
    load: rows.map((r) => ({
      endpoint: r.endpoint.key,
      connections: r.connections,
      ours: r.ours,
      floor: r.floor,
      static: r.static,
      load: r.load,
    })),
    plans,
    live,
    frontend,
    matching: matchingResults,
    alerts,
    availability,
    federation,
  };
  await writeRun(results, rows);
}

/**
 * The parts measured on the app with both floors beside it: matching, the API table, live
 * delivery, an idle tab and the front end. The servers stop before this returns.
 */
async function measureOnServers(
  dbUrl: string,
  memberId: string,
  conversationId: number,
  otherParty: string,
) {
  const app = await startApp(dbUrl, APP_PORT);
  const floor = await startFloor(dbUrl, FLOOR_PORT, memberId);
  let staticFloor: Awaited<ReturnType<typeof startStaticFloor>> | undefined;
  let rows: Row[] = [];
  let delivery: Awaited<ReturnType<typeof messageDelivery>> | undefined;
  let idle: Awaited<ReturnType<typeof idleTabRequests>> | undefined;
  let frontend: Frontend | undefined;
  let checks: Record<string, SameJson> = {};
  let matching: Awaited<ReturnType<typeof matchingFigures>> | undefined;
  try {
    const cookie = await signIn(app.url, BENCH_MEMBER.email, BENCH_MEMBER.password);
    const receiverCookie = await signIn(app.url, otherParty, BENCH_MEMBER.password);
    if (!API_ONLY) {
      say('matching: GET /api/matches, graph upkeep, synthetic market');
      matching = await matchingFigures({
        appUrl: app.url,
        dbUrl,
        cookie,
        seconds: SECONDS,
        report: say,
      });
    }
    if (!ONLY_MATCHING) {
      const list = measuredEndpoints(conversationId);
      checks = await compareWithFloor(app.url, floor.url, list, cookie);
      staticFloor = await staticFloorOfApp(app.url, list, cookie);
      rows = await loadTable(
        { app: app.url, floor: floor.url, static: staticFloor.url },
        list,
        cookie,
      );

      if (!API_ONLY) {
        say('live delivery: POST → the other party’s stream');
        delivery = await messageDelivery(app.url, conversationId, cookie, receiverCookie, 200);
        say(`delivery p50 ${delivery.p50.toFixed(1)} ms, p95 ${delivery.p95.toFixed(1)} ms`);

        say('idle signed-in tab on /my-offers for 60 s');
        idle = await idleTabRequests(app.url, cookie, 60_000);
        say(`idle tab: ${idle.requests} requests in 60 s ${JSON.stringify(idle.paths)}`);

        say('front end: route sizes and Lighthouse (mobile)');
        frontend = await measureFrontend(app.url, cookie, memberId, say);
      }
    }
  } finally {
    await app.stop();
    await floor.stop();
    await staticFloor?.stop();
  }
  return { rows, checks, matching, live: { delivery, idle }, frontend };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
