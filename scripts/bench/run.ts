/**
 * `npm run bench`: builds the production server, seeds a fresh database with the bench data set,
 * and measures the app against the SQL floor (scripts/bench/floor.ts) on the same database and
 * against the static floor (static-floor.ts: the app's own answers from memory), plus live
 * delivery, an idle tab's traffic and the front end. Writes bench/results.json and bench/RESULTS.md.
 *
 * BENCH_SECONDS (default 10) sets each load run's length; DATABASE_URL uses that server.
 * BENCH_ONLY=matching measures the matching figures alone and merges them into the last full
 * run's results; BENCH_ONLY=frontend the front end alone (route sizes, Lighthouse 3× on the home,
 * browse and item pages); BENCH_ONLY=availability the adversarial round and the ring of wants
 * (issue 36, availability.ts); BENCH_ONLY=federation the federation figures (issue 37,
 * federation.ts); BENCH_REUSE=1 keeps the last run's data set instead of seeding a new one
 * (only with a data set this code's migrations made). BENCH_SCALE=10 seeds ten times the data (1M
 * listings); with BENCH_PARTS=api it writes bench/results-scale10.json and the scale section of
 * bench/RESULTS.md, set against the last full run.
 */

import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import { findItem } from '../../server/features/items/listing-reads.js';
import { searchEngines, searchListings } from '../../server/features/search/search.service.js';
import {
  messagesPageJsonSql,
  swapRequestsPageJsonSql,
} from '../../server/features/swaps/swaps.queries.js';
import { OFFERS_PAGE_SIZE } from '../../shared/swap-display.js';
import { type AlertsResult, benchAlerts } from './alerts.js';
import { availabilityFigures } from './availability.js';
import { freshDatabase } from './database.js';
import { endpoints, signIn } from './endpoints.js';
import { createExplainer } from './explain.js';
import { federationFigures } from './federation.js';
import { lighthousePages, routeSizes } from './frontend.js';
import { idleTabRequests, messageDelivery } from './live.js';
import { type Endpoint, type LoadResult, measure } from './load.js';
import { matchesPlans, matchingFigures } from './matching.js';
import { graphCounts, seedWants } from './matching-seed.js';
import { type Row, renderMarkdown } from './report.js';
import { ALERTS_HEADING, renderAlerts } from './report-alerts.js';
import {
  AVAILABILITY_HEADING,
  type AvailabilityResults,
  renderAvailability,
} from './report-availability.js';
import { FEDERATION_HEADING, renderFederation } from './report-federation.js';
import { FRONTEND_HEADING, type Frontend, renderFrontend } from './report-frontend.js';
import { MATCHING_HEADING, renderMatching } from './report-matching.js';
import { renderScale, SCALE_HEADING, type ScaleRun } from './report-scale.js';
import { keepOtherSections, spliceSection } from './report-splice.js';
import { BENCH_MEMBER, BENCH_SCALE, seed } from './seed.js';
import { captureAnswer, startApp, startFloor, startStaticFloor } from './servers.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY_MATCHING = process.env.BENCH_ONLY === 'matching';
const ONLY_FRONTEND = process.env.BENCH_ONLY === 'frontend';
const REUSE = process.env.BENCH_REUSE === '1';
/**
 * BENCH_ENDPOINTS=browse,detail,… measures those endpoints only (keys as in `endpoints`);
 * BENCH_PARTS=api measures the API table and the query plans alone (no want graph, matching,
 * alerts, live updates or front end): what a BENCH_SCALE=10 run needs.
 */
const ONLY_ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',').filter(Boolean);
const API_ONLY = process.env.BENCH_PARTS === 'api';
const CONNECTIONS = [10, 50];
/** BENCH_PORT (default 4610) and the next two: the app, the SQL floor and the static floor. */
const APP_PORT = Number(process.env.BENCH_PORT ?? 4610);
const FLOOR_PORT = APP_PORT + 1;
const STATIC_PORT = APP_PORT + 2;
/** The federation part's four servers: APP_PORT + 3 … + 6. */
const FEDERATION_PORT = APP_PORT + 3;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const say = (line: string) => console.info(`[bench ${elapsed()}] ${line}`);
/** The machine's 1-minute load average: other sessions share the cores. */
const loadAverage = () => os.loadavg()[0] ?? 0;

async function sameJson(ours: string, floor: string, endpoint: Endpoint, cookie: string) {
  const path = endpoint.paths[0] ?? '/';
  const [a, b] = await Promise.all([
    fetch(ours + path, { headers: { cookie } }).then((r) => r.text()),
    fetch(floor + path).then((r) => r.text()),
  ]);
  const [ours_, floors] = [JSON.parse(a), JSON.parse(b)];
  return {
    same: JSON.stringify(ours_) === JSON.stringify(floors),
    difference: firstDifference(ours_, floors),
    bytes: Buffer.byteLength(a),
  };
}

/** Where two JSON answers first part (key order included), to say so beside the warning. */
export function firstDifference(a: unknown, b: unknown, at = '$'): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? undefined : `${at}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  const [keysA, keysB] = [Object.keys(a), Object.keys(b)];
  if (keysA.join() !== keysB.join()) return `${at}: keys ${keysA.join()} vs ${keysB.join()}`;
  for (const key of keysA) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${at}.${key}`,
    );
    if (found) return found;
  }
  return undefined;
}

/** Route sizes (signed in, except on /) and Lighthouse's median of 3 on home, browse and an item. */
async function measureFrontend(
  appUrl: string,
  cookie: string,
  memberId: string,
): Promise<Frontend> {
  const routes = await routeSizes(
    appUrl,
    [
      '/',
      '/browse',
      '/item/4242',
      '/my-offers',
      `/profile/${memberId}`,
      '/create-listing',
      '/admin',
    ],
    cookie,
  );
  say(`routes: ${JSON.stringify(routes)}`);
  const loadAverage = os.loadavg()[0] ?? 0;
  const lighthouse = await lighthousePages(
    appUrl,
    { Home: '/', Browse: '/browse', 'Item (/item/4242)': '/item/4242' },
    3,
    say,
  );
  say(`lighthouse medians ${JSON.stringify(lighthouse)}`);
  return { date: new Date().toISOString(), loadAverage, routes, lighthouse };
}

/** The bench member and its conversation in a data set seeded by an earlier run. */
async function seededIds(url: string): Promise<{ memberId: string; conversationId: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select md5('member1')::uuid::text as "memberId",
              (select id from swap_requests where from_user_id = md5('member1')::uuid::text
                  or to_user_id = md5('member1')::uuid::text order by id limit 1) as "conversationId"`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/**
 * BENCH_ONLY=alerts: the want-alert part alone (seed, 100,000 alerts, lookups), written into
 * bench/RESULTS.md's want-alert section; the rest of the report stays as it was.
 */
async function alertsOnly() {
  const database = await freshDatabase(say);
  try {
    say(`seeding PostgreSQL ${database.version}`);
    await seed(database.url, say);
    say('want alerts');
    const alerts = await benchAlerts(database.url, say);
    say(
      `alerts: p50 ${alerts.p50.toFixed(1)} ms, p95 ${alerts.p95.toFixed(1)} ms, max ${alerts.max.toFixed(1)} ms`,
    );
    say(`plan:\n    ${alerts.plan.join('\n    ')}`);
    await mkdir('bench', { recursive: true });
    const date = new Date().toISOString();
    await writeFile('bench/results-alerts.json', `${JSON.stringify({ date, alerts }, null, 2)}\n`);
    const current = await readFile('bench/RESULTS.md', 'utf8').catch(() => '# Benchmark results\n');
    await writeFile(
      'bench/RESULTS.md',
      spliceSection(current, ALERTS_HEADING, renderAlerts(alerts, date)),
    );
    say('wrote the want-alert section of bench/RESULTS.md');
  } finally {
    await database.stop();
  }
}

/**
 * BENCH_ONLY=frontend: builds, seeds (or reuses with BENCH_REUSE=1) and measures the front end
 * alone, written into bench/RESULTS.md's front-end section and bench/results.json's `frontend`.
 */
async function frontendOnly() {
  say('building the production server and client');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const database = await freshDatabase(say, { reuse: REUSE });
  let memberId: string;
  if (database.reused) memberId = (await seededIds(database.url)).memberId;
  else {
    memberId = (await seed(database.url, say)).memberId;
    await seedWants(database.url, say);
  }
  let frontend: Frontend;
  const app = await startApp(database.url, APP_PORT).catch(async (error) => {
    await database.stop();
    throw error;
  });
  try {
    const cookie = await signIn(app.url, BENCH_MEMBER.email, BENCH_MEMBER.password);
    frontend = await measureFrontend(app.url, cookie, memberId);
  } finally {
    await app.stop();
    await database.stop();
  }
  await mkdir('bench', { recursive: true });
  const previous = await readFile('bench/results.json', 'utf8').catch(() => null);
  if (previous) {
    const merged = { ...JSON.parse(previous), frontend };
    await writeFile('bench/results.json', `${JSON.stringify(merged, null, 2)}\n`);
  }
  const report = await readFile('bench/RESULTS.md', 'utf8').catch(() => '# Benchmark results\n');
  await writeFile(
    'bench/RESULTS.md',
    spliceSection(report, FRONTEND_HEADING, renderFrontend(frontend)),
  );
  console.info(`\n${renderFrontend(frontend)}`);
  say('wrote the front-end section of bench/RESULTS.md');
}

/**
 * A partial run's figures merged into the last full run's: `key` of bench/results.json (when
 * there is one) and `heading`'s section of bench/RESULTS.md; the rest stays as it was.
 */
async function mergeSection(key: string, value: unknown, heading: string, markdown: string) {
  await mkdir('bench', { recursive: true });
  const previous = await readFile('bench/results.json', 'utf8').catch(() => null);
  if (previous) {
    const merged = { ...JSON.parse(previous), [key]: value };
    await writeFile('bench/results.json', `${JSON.stringify(merged, null, 2)}\n`);
  }
  const report = await readFile('bench/RESULTS.md', 'utf8').catch(() => '# Benchmark results\n');
  await writeFile('bench/RESULTS.md', spliceSection(report, heading, markdown));
  console.info(`\n${markdown}`);
  say(`wrote the section "${heading.slice(3)}" of bench/RESULTS.md`);
}

/** BENCH_ONLY=availability: the adversarial round and the ring of wants (no data set needed). */
async function availabilityOnly() {
  const availability = await availabilityFigures(say);
  await mergeSection(
    'availability',
    availability,
    AVAILABILITY_HEADING,
    renderAvailability(availability),
  );
}

/**
 * BENCH_ONLY=federation: builds, seeds the data set with its want graph (or reuses it with
 * BENCH_REUSE=1) and measures the federation figures alone.
 */
async function federationOnly() {
  say('building the production server and client');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const database = await freshDatabase(say, { reuse: REUSE });
  try {
    if (!database.reused) {
      say(`seeding PostgreSQL ${database.version}`);
      await seed(database.url, say);
    }
    if (Number((await graphCounts(database.url)).edges) === 0) {
      say('wants and the want graph');
      await seedWants(database.url, say);
    }
    const federation = await federationFigures({
      dbUrl: database.url,
      port: FEDERATION_PORT,
      seconds: SECONDS,
      report: say,
    });
    await mergeSection('federation', federation, FEDERATION_HEADING, renderFederation(federation));
  } finally {
    await database.stop();
  }
}

async function main() {
  if (process.env.BENCH_ONLY === 'alerts') return alertsOnly();
  if (ONLY_FRONTEND) return frontendOnly();
  if (process.env.BENCH_ONLY === 'availability') return availabilityOnly();
  if (process.env.BENCH_ONLY === 'federation') return federationOnly();
  say('building the production server and client');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

  const database = await freshDatabase(say, { reuse: REUSE });
  let seeded: { memberId: string; conversationId: number };
  let graph: Record<string, number | string>;
  if (database.reused) {
    say(`reusing the data set of the last run (PostgreSQL ${database.version})`);
    seeded = await seededIds(database.url);
    graph = await graphCounts(database.url);
  } else {
    say(
      `seeding PostgreSQL ${database.version} (${database.embedded ? 'embedded' : 'DATABASE_URL'})`,
    );
    seeded = await seed(database.url, say);
    if (API_ONLY) graph = {};
    else {
      say('wants and the want graph');
      graph = await seedWants(database.url, say);
      say(`want graph: ${JSON.stringify(graph)}`);
    }
  }
  const { memberId, conversationId } = seeded;
  const counts = await (async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const result = await client.query(
      `select (select count(*) from users)::int as members, (select count(*) from items)::int as items,
              (select count(*) from swap_requests)::int as "swapRequests", (select count(*) from messages)::int as messages,
              (select count(*) from feedback)::int as feedback, (select count(*) from images)::int as images,
              pg_size_pretty(pg_database_size(current_database())) as size,
              (select u.email from swap_requests r join users u on u.id = case when r.from_user_id = $1 then r.to_user_id else r.from_user_id end where r.id = $2) as "otherParty"`,
      [memberId, conversationId],
    );
    await client.end();
    return result.rows[0];
  })();
  say(`seeded: ${JSON.stringify(counts)}`);

  say('query plans');
  const explainer = createExplainer(database.url);
  const plans = ONLY_MATCHING
    ? await matchesPlans(explainer, memberId)
    : {
        ...(API_ONLY ? {} : await matchesPlans(explainer, memberId)),
        browse: await explainer.explain((db) =>
          searchListings(db, searchEngines(), {
            query: { limit: 24, offset: 0 } as never,
            viewerId: null,
          }),
        ),
        deep: await explainer.explain((db) =>
          searchListings(db, searchEngines(), {
            query: { limit: 24, offset: 4776 } as never,
            viewerId: null,
          }),
        ),
        category: await explainer.explain((db) =>
          searchListings(db, searchEngines(), {
            query: { limit: 24, offset: 0, categoryId: 3 } as never,
            viewerId: null,
          }),
        ),
        'search-rare': await explainer.explain((db) =>
          searchListings(db, searchEngines(), {
            query: { limit: 24, offset: 0, search: 'theodolite' } as never,
            viewerId: null,
          }),
        ),
        'search-common': await explainer.explain((db) =>
          searchListings(db, searchEngines(), {
            query: { limit: 24, offset: 0, search: 'vintage' } as never,
            viewerId: null,
          }),
        ),
        'search-prefix': await explainer.explain((db) =>
          searchListings(db, searchEngines(), {
            query: { limit: 24, offset: 0, search: 'tele' } as never,
            viewerId: null,
          }),
        ),
        detail: await explainer.explain((db) => findItem(db, 4242)),
        'swap-requests': await explainer.explain((db) =>
          db.execute(swapRequestsPageJsonSql(memberId, { limit: OFFERS_PAGE_SIZE, offset: 0 })),
        ),
        messages: await explainer.explain((db) =>
          db.execute(messagesPageJsonSql(conversationId, { limit: 200 })),
        ),
      };
  await explainer.close();
  for (const [key, plan] of Object.entries(plans)) {
    say(`EXPLAIN ${key}: ${plan.executionMs.toFixed(2)} ms\n    ${plan.plan.join('\n    ')}`);
  }

  let alerts: AlertsResult | undefined;
  if (!API_ONLY) {
    say('want alerts');
    alerts = await benchAlerts(database.url, say);
    say(`alerts: p50 ${alerts.p50.toFixed(1)} ms, p95 ${alerts.p95.toFixed(1)} ms`);
  }

  const app = await startApp(database.url, APP_PORT);
  const floor = await startFloor(database.url, FLOOR_PORT, memberId);
  let staticFloor: Awaited<ReturnType<typeof startStaticFloor>> | undefined;
  const rows: Row[] = [];
  let liveResults: Awaited<ReturnType<typeof messageDelivery>> | undefined;
  let idle: Awaited<ReturnType<typeof idleTabRequests>> | undefined;
  let frontend: Frontend | undefined;
  const checks: Record<string, { same: boolean; difference?: string; bytes: number }> = {};
  let matching: Awaited<ReturnType<typeof matchingFigures>> | undefined;
  let measured = false;
  try {
    const cookie = await signIn(app.url, BENCH_MEMBER.email, BENCH_MEMBER.password);
    const receiverCookie = await signIn(app.url, counts.otherParty, BENCH_MEMBER.password);
    if (!API_ONLY) {
      say('matching: GET /api/matches, graph upkeep, synthetic market');
      matching = await matchingFigures({
        appUrl: app.url,
        dbUrl: database.url,
        cookie,
        seconds: SECONDS,
        report: say,
      });
    }
    if (!ONLY_MATCHING) {
      const list = endpoints(conversationId).filter(
        (e) => !ONLY_ENDPOINTS || ONLY_ENDPOINTS.includes(e.key),
      );
      for (const endpoint of list.filter((e) => e.floor)) {
        checks[endpoint.key] = await sameJson(app.url, floor.url, endpoint, cookie);
        if (!checks[endpoint.key]?.same)
          say(
            `WARNING: ${endpoint.key} answers differ between app and floor (${checks[endpoint.key]?.difference})`,
          );
      }
      // The static floor answers with the app's own bytes, captured once now, before any load.
      const answers: Record<string, Awaited<ReturnType<typeof captureAnswer>>> = {};
      for (const endpoint of list.filter((e) => e.floor))
        for (const path of endpoint.paths)
          answers[path] = await captureAnswer(
            app.url,
            path,
            endpoint.signedIn ? cookie : undefined,
          );
      staticFloor = await startStaticFloor(STATIC_PORT, answers);
      say(`static floor: ${Object.keys(answers).length} answers captured from the app`);

      for (const endpoint of list) {
        for (const connections of CONNECTIONS) {
          // A short warm-up per server, then the measured run; app and floor alternate.
          await measure(app.url, endpoint, connections, 2, cookie);
          const ours = await measure(app.url, endpoint, connections, SECONDS, cookie);
          let theirs: LoadResult | undefined;
          let limit: LoadResult | undefined;
          if (endpoint.floor) {
            await measure(floor.url, endpoint, connections, 2);
            theirs = await measure(floor.url, endpoint, connections, SECONDS);
            if (staticFloor) {
              // The static floor needs the cookie on no path, but gets it so headers match.
              await measure(staticFloor.url, endpoint, connections, 2, cookie);
              limit = await measure(staticFloor.url, endpoint, connections, SECONDS, cookie);
            }
          }
          rows.push({
            endpoint,
            connections,
            ours,
            floor: theirs,
            static: limit,
            load: loadAverage(),
          });
          say(
            `${endpoint.label} @${connections}: ${ours.rps.toFixed(0)} req/s p99 ${ours.p99} ms` +
              (theirs
                ? ` | floor ${theirs.rps.toFixed(0)} req/s p99 ${theirs.p99} ms | ×${(ours.rps / theirs.rps).toFixed(2)}`
                : '') +
              (limit
                ? ` | static ${limit.rps.toFixed(0)} req/s p99 ${limit.p99} ms | ×${(ours.rps / limit.rps).toFixed(2)}`
                : '') +
              ` | load ${loadAverage().toFixed(2)}` +
              (ours.non2xx || ours.errors
                ? ` | ${ours.non2xx} non-2xx, ${ours.errors} errors`
                : ''),
          );
        }
      }

      if (!API_ONLY) {
        say('live delivery: POST → the other party’s stream');
        liveResults = await messageDelivery(app.url, conversationId, cookie, receiverCookie, 200);
        say(`delivery p50 ${liveResults.p50.toFixed(1)} ms, p95 ${liveResults.p95.toFixed(1)} ms`);

        say('idle signed-in tab on /my-offers for 60 s');
        idle = await idleTabRequests(app.url, cookie, 60_000);
        say(`idle tab: ${idle.requests} requests in 60 s ${JSON.stringify(idle.paths)}`);

        say('front end: route sizes and Lighthouse (mobile)');
        frontend = await measureFrontend(app.url, cookie, memberId);
      }
    }
    measured = true;
  } finally {
    await app.stop();
    await floor.stop();
    await staticFloor?.stop();
    // On a failure the database stops here; else after the parts below.
    if (!measured) await database.stop();
  }

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
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
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
    live: { delivery: liveResults, idle },
    frontend,
    matching: matchingResults,
    alerts,
    availability,
    federation,
  };
  if (ONLY_MATCHING) {
    // The other figures stay those of the last full run: only the matching section changes.
    if (!matchingResults) throw new Error('no matching figures');
    await mkdir('bench', { recursive: true });
    const previous = await readFile('bench/results.json', 'utf8').catch(() => null);
    if (previous) {
      const merged = { ...JSON.parse(previous), matching: matchingResults };
      await writeFile('bench/results.json', `${JSON.stringify(merged, null, 2)}\n`);
    }
    const report = await readFile('bench/RESULTS.md', 'utf8').catch(() => '# Benchmark results\n');
    await writeFile(
      'bench/RESULTS.md',
      spliceSection(report, MATCHING_HEADING, renderMatching(matchingResults)),
    );
    console.info(`\n${renderMatching(matchingResults)}`);
    say('wrote the matching section of bench/RESULTS.md');
    return;
  }
  await mkdir('bench', { recursive: true });
  if (BENCH_SCALE > 1 || API_ONLY) {
    // A scale run (or an API-only one) leaves the full report alone: it has its own file and
    // section, set beside the last full run's figures.
    const file = `bench/results-scale${BENCH_SCALE}.json`;
    await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
    await writeScaleSection();
    say(`wrote ${file} and the scale section of bench/RESULTS.md`);
    return;
  }
  await writeFile('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  const previous = await readFile('bench/RESULTS.md', 'utf8').catch(() => '');
  await writeFile(
    'bench/RESULTS.md',
    keepOtherSections(previous, renderMarkdown({ ...results, rows })),
  );
  await writeScaleSection();
  console.info(`\n${await readFile('bench/RESULTS.md', 'utf8')}`);
  say('wrote bench/results.json and bench/RESULTS.md');
}

/** The scale section: the last full run (scale 1) against the last BENCH_SCALE=10 run. */
async function writeScaleSection() {
  const read = (file: string) =>
    readFile(file, 'utf8').then(
      (text) => JSON.parse(text) as ScaleRun,
      () => undefined,
    );
  const [base, scaled] = await Promise.all([
    read('bench/results.json'),
    read('bench/results-scale10.json'),
  ]);
  if (!base || !scaled) return;
  const report = await readFile('bench/RESULTS.md', 'utf8').catch(() => '# Benchmark results\n');
  await writeFile(
    'bench/RESULTS.md',
    spliceSection(report, SCALE_HEADING, renderScale(base, scaled)),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
