/**
 * The parts `npm run bench` measures alone (BENCH_ONLY=alerts, frontend, availability or
 * federation), each merged into the last full run's figures; BENCH_ONLY=matching runs the full
 * run's sequence with the rest left out (run.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { benchAlerts } from './alerts.js';
import { availabilityFigures } from './availability.js';
import { freshDatabase } from './database.js';
import { signIn } from './endpoints.js';
import { federationFigures } from './federation.js';
import { measureFrontend } from './frontend.js';
import { graphCounts, seedWants } from './matching-seed.js';
import { ALERTS_HEADING, renderAlerts } from './report-alerts.js';
import { AVAILABILITY_HEADING, renderAvailability } from './report-availability.js';
import { FEDERATION_HEADING, renderFederation } from './report-federation.js';
import { FRONTEND_HEADING, type Frontend, renderFrontend } from './report-frontend.js';
import { buildProduction, seededIds } from './run-dataset.js';
import { mergeSection, spliceResults } from './run-results.js';
import { APP_PORT, FEDERATION_PORT, REUSE, SECONDS, say } from './run-settings.js';
import { BENCH_MEMBER, seed } from './seed.js';
import { startApp } from './servers.js';

/**
 * BENCH_ONLY=alerts: the want-alert part alone (seed, 100,000 alerts, lookups), written into
 * bench/RESULTS.md's want-alert section; the rest of the report stays as it was.
 */
export async function alertsOnly() {
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
    await spliceResults(ALERTS_HEADING, renderAlerts(alerts, date));
    say('wrote the want-alert section of bench/RESULTS.md');
  } finally {
    await database.stop();
  }
}

/**
 * BENCH_ONLY=frontend: builds, seeds (or reuses with BENCH_REUSE=1) and measures the front end
 * alone, written into bench/RESULTS.md's front-end section and bench/results.json's `frontend`.
 */
export async function frontendOnly() {
  buildProduction();
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
    frontend = await measureFrontend(app.url, cookie, memberId, say);
  } finally {
    await app.stop();
    await database.stop();
  }
  await mergeSection(
    'frontend',
    frontend,
    FRONTEND_HEADING,
    renderFrontend(frontend),
    'the front-end section',
  );
}

/** BENCH_ONLY=availability: the adversarial round and the ring of wants (no data set needed). */
export async function availabilityOnly() {
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
export async function federationOnly() {
  buildProduction();
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
