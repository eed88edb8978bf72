/**
 * The federation figures of issue 37 §5, each part bounded to a few minutes:
 *   liquidity   a market's members split at random over 5 instances: the share of listings in a
 *               mutual pair or a 3-circle, each instance alone against federated (liquidity.ts);
 *   hot reads   the bench data set plus 20,000 listings of other instances (remote-listings.ts):
 *               browse, category, common search and item pages against the static floor, as the
 *               API table measures them (goal ≥ 0.5× at 10 connections);
 *   inbound     activities a second one app server applies (goal ≥ 200/s), two real instances
 *               (federation-inbound.ts);
 *   fan-out     one listing reaching 50 follower instances, p95 from creation to each inbox
 *               (goal ≤ 5 s) (federation-fan-out.ts).
 */
import { loadavg } from 'node:os';
import { sideDatabase } from './database.js';
import { endpoints } from './endpoints.js';
import { type FanOut, fanOut } from './federation-fan-out.js';
import { type InboundRun, inboundThroughput } from './federation-inbound.js';
import { startFederatedInstance } from './federation-instances.js';
import {
  datasetLiquidity,
  INSTANCES,
  type LiquiditySplit,
  syntheticLiquidity,
} from './liquidity.js';
import { type Endpoint, type LoadResult, measure } from './load.js';
import { removeRemoteListings, seedRemoteListings } from './remote-listings.js';
import { HOT_READS } from './report-targets.js';
import { captureAnswer, startApp, startStaticFloor } from './servers.js';

type Report = (line: string) => void;

/**
 * Activities the sender publishes at once: straight through to the receiver, then held back
 * there and released (BENCH_FEDERATION_ACTIVITIES=straight,held). One sender delivers a few a
 * second to one instance (2 at once, the rest put back for 2 s), which bounds both runs' time.
 */
const [STRAIGHT_ACTIVITIES = 200, HELD_ACTIVITIES = 500] = (
  process.env.BENCH_FEDERATION_ACTIVITIES ?? '200,500'
)
  .split(',')
  .map(Number);
const FOLLOWERS = 50;
const FAN_OUT_LISTINGS = 5;
const CONNECTIONS = 10;

export type HotReadRow = {
  key: string;
  label: string;
  connections: number;
  ours: LoadResult;
  static: LoadResult;
  load: number;
};

export type FederationResults = {
  date: string;
  /** Each part's wall time, in seconds. */
  partSeconds: { liquidity: number; hotReads: number; inbound: number; fanOut: number };
  liquidity: { instances: number; synthetic: LiquiditySplit; dataset?: LiquiditySplit };
  hotReads: {
    remote: { listings: number; members: number; instances: number };
    /** Remote listings among browse page 1's 24. */
    remoteOnFirstPage: number;
    secondsPerRun: number;
    rows: HotReadRow[];
  };
  inbound: { straight: InboundRun; held: InboundRun };
  fanOut: FanOut;
};

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, Math.round((performance.now() - started) / 1000)];
}

/** Hot reads with the remote listings in the data set, app against the static floor. */
async function hotReads(dbUrl: string, port: number, seconds: number, report: Report) {
  report('hot reads: 20,000 listings of other instances added to the data set');
  const remote = await seedRemoteListings(dbUrl);
  report(
    `remote: ${remote.listings} listings, ${remote.members} members, ${remote.instances} instances`,
  );
  const app = await startApp(dbUrl, port);
  let staticFloor: Awaited<ReturnType<typeof startStaticFloor>> | undefined;
  try {
    const list: Endpoint[] = [
      ...endpoints(0).filter((endpoint) => HOT_READS.includes(endpoint.key)),
      {
        key: 'detail-remote',
        label: 'Item detail, remote listings (500 in turn)',
        kind: 'detail',
        paths: remote.sampleIds.map((id) => `/api/items/${id}`),
        floor: true,
      },
    ];
    const firstPage = (await (
      await fetch(`${app.url}/api/items?offset=0&limit=24`)
    ).json()) as Array<{ origin: unknown }>;
    const remoteOnFirstPage = firstPage.filter((item) => item.origin !== null).length;
    const answers: Record<string, Awaited<ReturnType<typeof captureAnswer>>> = {};
    for (const endpoint of list)
      for (const path of endpoint.paths) answers[path] = await captureAnswer(app.url, path);
    const failed = Object.entries(answers).filter(([, answer]) => answer.status !== 200);
    if (failed.length)
      throw new Error(`hot reads: ${failed[0]?.[0]} answered ${failed[0]?.[1].status}`);
    staticFloor = await startStaticFloor(port + 1, answers);
    const rows: HotReadRow[] = [];
    for (const endpoint of list) {
      await measure(app.url, endpoint, CONNECTIONS, 2);
      const ours = await measure(app.url, endpoint, CONNECTIONS, seconds);
      await measure(staticFloor.url, endpoint, CONNECTIONS, 2);
      const limit = await measure(staticFloor.url, endpoint, CONNECTIONS, seconds);
      const row = {
        key: endpoint.key,
        label: endpoint.label,
        connections: CONNECTIONS,
        ours,
        static: limit,
        load: loadavg()[0] ?? 0,
      };
      rows.push(row);
      report(
        `${endpoint.label} @${CONNECTIONS} with remote listings: ${ours.rps.toFixed(0)} req/s p99 ${ours.p99} ms | static ${limit.rps.toFixed(0)} req/s | ×${(ours.rps / limit.rps).toFixed(2)} | load ${row.load.toFixed(2)}${ours.non2xx || ours.errors ? ` | ${ours.non2xx} non-2xx, ${ours.errors} errors` : ''}`,
      );
    }
    return {
      remote: { listings: remote.listings, members: remote.members, instances: remote.instances },
      remoteOnFirstPage,
      secondsPerRun: seconds,
      rows,
    };
  } finally {
    await app.stop();
    await staticFloor?.stop();
    // The data set goes back to what the other parts (and BENCH_REUSE) measure.
    await removeRemoteListings(dbUrl);
  }
}

/** Two instances on databases of their own beside the bench's: inbound, then fan-out. */
async function betweenInstances(dbUrl: string, port: number, report: Report) {
  const senderDb = await sideDatabase(dbUrl, 'swapmarket_bench_sender');
  const receiverDb = await sideDatabase(dbUrl, 'swapmarket_bench_receiver');
  const sender = await startFederatedInstance('sender', senderDb.url, port);
  let receiver: Awaited<ReturnType<typeof startFederatedInstance>> | undefined;
  try {
    receiver = await startFederatedInstance('receiver', receiverDb.url, port + 1);
    const inbound = await inboundThroughput({
      sender,
      receiver,
      straight: STRAIGHT_ACTIVITIES,
      held: HELD_ACTIVITIES,
      report,
    });
    await receiver.stop();
    receiver = undefined;
    const [spread, fanOutSeconds] = await timed(() =>
      fanOut({ sender, followers: FOLLOWERS, listings: FAN_OUT_LISTINGS, report }),
    );
    report(`fan-out: ${JSON.stringify(spread)}`);
    return { inbound, spread, fanOutSeconds };
  } finally {
    await receiver?.stop();
    await sender.stop();
    await senderDb.drop();
    await receiverDb.drop();
  }
}

/**
 * Every federation figure on the bench data set at `dbUrl` (seeded; its want graph built for
 * the data-set liquidity row). Ports: `port` and the next three.
 */
export async function federationFigures(options: {
  dbUrl: string;
  port: number;
  seconds: number;
  report: Report;
}): Promise<FederationResults> {
  const { dbUrl, port, seconds, report } = options;
  const [liquidity, liquiditySeconds] = await timed(async () => {
    const synthetic = syntheticLiquidity();
    report(`liquidity, synthetic market: ${JSON.stringify(synthetic)}`);
    const dataset = await datasetLiquidity(dbUrl);
    report(`liquidity, data set's want graph: ${JSON.stringify(dataset)}`);
    return { instances: INSTANCES, synthetic, dataset };
  });
  const [reads, hotReadSeconds] = await timed(() => hotReads(dbUrl, port, seconds, report));
  const [between, betweenSeconds] = await timed(() => betweenInstances(dbUrl, port + 2, report));
  return {
    date: new Date().toISOString(),
    partSeconds: {
      liquidity: liquiditySeconds,
      hotReads: hotReadSeconds,
      // Both instances' set-up (databases, processes, the follow) counts as the inbound part's.
      inbound: betweenSeconds - between.fanOutSeconds,
      fanOut: between.fanOutSeconds,
    },
    liquidity,
    hotReads: reads,
    inbound: between.inbound,
    fanOut: between.spread,
  };
}
