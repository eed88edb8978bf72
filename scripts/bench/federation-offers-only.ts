/**
 * Offers across instances (issue 39 §4) alone, in a minute or two and without the 100k data set:
 * `npx tsx scripts/bench/federation-offers-only.ts` (after `npm run build`). Two production
 * instances on fresh databases of their own, on an embedded PostgreSQL of this script's own
 * (bench/.data/offers-only), that follow each other; then federation-offers.ts.
 *
 *   BENCH_OFFERS=sequential,held   default 50,300
 *   BENCH_PORT                     the offerer's port (default 4694), the owner's the next one
 *   BENCH_TRACE=1                  reports each sequential offer's round trip
 */
import path from 'node:path';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { sideDatabase } from './database.js';
import { type Instance, startFederatedInstance } from './federation-instances.js';
import { offersAcross } from './federation-offers.js';

const DATA_DIR = 'bench/.data/offers-only';
const [SEQUENTIAL = 50, HELD = 300] = (process.env.BENCH_OFFERS ?? '50,300').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 4694);

const started = Date.now();
const say = (line: string) =>
  console.info(`[offers ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

const postgres = await startEmbeddedPostgres({
  dataDir: path.resolve(DATA_DIR),
  log: { info: () => {}, warn: say },
});
const offererDb = await sideDatabase(postgres.adminUrl, 'swapmarket_offers_offerer');
const ownerDb = await sideDatabase(postgres.adminUrl, 'swapmarket_offers_owner');
let offerer: Instance | undefined;
let owner: Instance | undefined;
try {
  offerer = await startFederatedInstance('offerer', offererDb.url, PORT);
  owner = await startFederatedInstance('owner', ownerDb.url, PORT + 1);
  const { roundTrip, held } = await offersAcross({
    offerer,
    owner,
    sequential: SEQUENTIAL,
    held: HELD,
    report: say,
    pgDataDir: DATA_DIR,
  });
  say(
    `round trip of ${roundTrip.offers} offers: p50 ${roundTrip.p50Ms.toFixed(0)} ms, p95 ` +
      `${roundTrip.p95Ms.toFixed(0)} ms, max ${roundTrip.maxMs.toFixed(0)} ms (load ${roundTrip.loadAverage.toFixed(1)})`,
  );
  say(
    `${held.offers} offers held then released: ${held.perSecond.toFixed(1)}/s, CPU per offer ` +
      `${held.cpuMsPerOffer.owner.toFixed(1)} ms app, ${held.cpuMsPerOffer.postgres?.toFixed(1)} ms PostgreSQL (load ${held.loadAverage.toFixed(1)})`,
  );
} finally {
  await owner?.stop();
  await offerer?.stop();
  await offererDb.drop();
  await ownerDb.drop();
  await postgres.stop();
}
