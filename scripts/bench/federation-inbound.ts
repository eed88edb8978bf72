/**
 * Inbound activities a second (issue 37 §5), between two real instances (federation-instances.ts):
 * the receiver follows the sender, the sender publishes `count` new listings at once (rows written
 * in SQL, then one publish job each, as a listing change enqueues it), and the time until the
 * receiver holds them all. Then the same again with the receiver's inbound activities held back
 * as they arrive (a trigger on its jobs table, the bench's and only for this) and released at
 * once: what one app server applies when it has more to do than the sender sends.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import {
  follow,
  type Instance,
  inbound,
  query,
  type Report,
  sleep,
  until,
} from './federation-instances.js';
import { enqueuePublish, senderListings, senderMembers } from './federation-sender.js';
import { cpuMs, postmasterPid } from './process-cpu.js';

const HELD_COUNT = 'select count(*)::int as n from items where origin_instance_id = $1';

/**
 * Remote listings the receiver holds from the sender. Given an open `client` it polls on that
 * connection: the release is timed and its CPU counted, and a connection per poll (a backend
 * forked, a SCRAM handshake) every 50 ms cost PostgreSQL more than some of what was measured.
 */
const heldCount = async (receiver: Instance, instanceId: number, client?: pg.Client) =>
  (client
    ? (await client.query<{ n: number }>(HELD_COUNT, [instanceId])).rows
    : await query<{ n: number }>(receiver.dbUrl, HELD_COUNT, [instanceId]))[0]?.n ?? 0;

export type InboundRun = {
  activities: number;
  /** Until the receiver held every listing: from the publish jobs' commit, or from the release. */
  seconds: number;
  perSecond: number;
  /** When the sender's deliveries reached the receiver (its inbound jobs), from the start. */
  arrivalsSeconds: [number, number];
  /** Most inbound activities waiting at the receiver at once (arrived, not yet applied). */
  maxBacklog: number;
  /** Deliveries the sender put back for 2 s because it already had 2 under way to that host. */
  deliveriesPutBack: number;
  /** The 1-minute load average, the higher of before and after. */
  loadAverage: number;
  /** CPU used meanwhile per activity: the receiver's process, and PostgreSQL (all its processes). */
  cpuMsPerActivity?: { receiver: number; postgres?: number };
  /**
   * A member browsing the receiver meanwhile (GET /api/items, one after another): how long each
   * answer took, in ms, while nothing else ran (before the release) and during it.
   */
  browse?: { idle: Latencies; duringRelease: Latencies };
};

type Latencies = { reads: number; p50: number; p95: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/**
 * Reads the receiver's first browse page every 100 ms or so until `done()` (or `ms` passed): a
 * member browsing, not a load of its own that would take from the activities measured.
 */
async function browseWhile(url: string, done: () => boolean, ms = 300_000): Promise<Latencies> {
  const took: number[] = [];
  const stopAt = Date.now() + ms;
  while (!done() && Date.now() < stopAt) {
    const started = performance.now();
    const response = await fetch(`${url}/api/items`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /api/items: ${response.status}`);
    took.push(performance.now() - started);
    await sleep(100);
  }
  took.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { reads: took.length, p50: round(percentile(took, 50)), p95: round(percentile(took, 95)) };
}

/** Inbound jobs' arrival and completion times at the receiver since `since` (database clock). */
async function inboundTimeline(receiver: Instance, since: Date) {
  const rows = await query<{ created: Date; completed: Date | null }>(
    receiver.dbUrl,
    `select created_at as created, completed_at as completed from jobs
      where queue = 'federation.inbox' and created_at >= $1`,
    [since],
  );
  const events = rows.flatMap((row) => [
    [row.created.getTime(), 1] as const,
    ...(row.completed ? [[row.completed.getTime(), -1] as const] : []),
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let waiting = 0;
  let maxBacklog = 0;
  for (const [, step] of events) {
    waiting += step;
    maxBacklog = Math.max(maxBacklog, waiting);
  }
  const created = rows.map((row) => row.created.getTime()).sort((a, b) => a - b);
  return { arrivals: rows.length, first: created[0] ?? 0, last: created.at(-1) ?? 0, maxBacklog };
}

/**
 * The receiver follows the sender, then the sender publishes listings at once, twice:
 *   straight   `straight` listings, end to end: the sender's deliveries set the pace unless the
 *              receiver is the slower;
 *   held       `held` listings held back at the receiver as they arrive (a trigger of the
 *              bench's on its jobs table sets their run_at to infinity), then released together:
 *              what one app server applies when it has more than it can do at once.
 */
export async function inboundThroughput(options: {
  sender: Instance;
  receiver: Instance;
  straight: number;
  held: number;
  report: Report;
  /** The embedded PostgreSQL's data directory (its CPU is counted), bench/.data unless given. */
  pgDataDir?: string;
  /** Called just before the held activities are released, and once they are all applied. */
  onRelease?: () => Promise<void>;
  onApplied?: () => Promise<void>;
}) {
  const { sender, receiver, report } = options;
  const instanceId = await follow(receiver, sender);
  report(`receiver follows sender (instance ${instanceId} on the receiver)`);
  const owners = await senderMembers(sender, 10);

  // 1. Straight through.
  const firstIds = await senderListings(sender, owners, 0, options.straight);
  const loadBefore = loadavg()[0] ?? 0;
  const started = performance.now();
  const since = await enqueuePublish(sender, firstIds);
  await until(
    `${options.straight} listings on the receiver`,
    async () => ((await heldCount(receiver, instanceId)) >= options.straight ? true : undefined),
    300_000,
  );
  const seconds = (performance.now() - started) / 1000;
  const timeline = await inboundTimeline(receiver, since);
  const [putBack] = await query<{ n: number }>(
    sender.dbUrl,
    `select (count(*) - $2::int)::int as n from jobs where queue = 'federation.outbox' and created_at >= $1`,
    [since, options.straight],
  );
  const straight: InboundRun = {
    activities: options.straight,
    seconds,
    perSecond: options.straight / seconds,
    arrivalsSeconds: [
      (timeline.first - since.getTime()) / 1000,
      (timeline.last - since.getTime()) / 1000,
    ],
    maxBacklog: timeline.maxBacklog,
    deliveriesPutBack: putBack?.n ?? 0,
    loadAverage: Math.max(loadBefore, loadavg()[0] ?? 0),
  };
  report(`inbound, straight through: ${JSON.stringify(straight)}`);

  // 2. Held back at the receiver as they arrive, then released at once.
  const client = new pg.Client({ connectionString: receiver.dbUrl });
  await client.connect();
  let held: InboundRun;
  try {
    await inbound.hold(client);
    const secondIds = await senderListings(sender, owners, options.straight, options.held);
    const sent = performance.now();
    const heldSince = await enqueuePublish(sender, secondIds);
    await until(
      `${options.held} activities waiting at the receiver`,
      async () => {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from jobs where queue = 'federation.inbox'
              and created_at >= $1 and completed_at is null`,
          [heldSince],
        );
        return (rows[0]?.n ?? 0) >= options.held ? true : undefined;
      },
      600_000,
      200,
    );
    const deliverySeconds = (performance.now() - sent) / 1000;
    await inbound.stopHolding(client);
    // Let the sender's last jobs settle, so the CPU counted is the receiver's work.
    await sleep(1000);
    const idleUntil = Date.now() + 2000;
    const idle = await browseWhile(receiver.url, () => Date.now() > idleUntil);
    await options.onRelease?.();
    const postgres = postmasterPid(options.pgDataDir);
    const cpuBefore = [cpuMs(receiver.process.pid), cpuMs(postgres, true)];
    const loadAtRelease = loadavg()[0] ?? 0;
    const released = performance.now();
    await inbound.release(client);
    let applied = false;
    const browsing = browseWhile(receiver.url, () => applied);
    await until(
      `${options.held} more listings on the receiver`,
      async () =>
        (await heldCount(receiver, instanceId, client)) >= options.straight + options.held
          ? true
          : undefined,
      300_000,
      50,
    );
    const appliedSeconds = (performance.now() - released) / 1000;
    applied = true;
    const duringRelease = await browsing;
    const cpuAfter = [cpuMs(receiver.process.pid), cpuMs(postgres, true)];
    await options.onApplied?.();
    const perActivity = (k: number) =>
      cpuBefore[k] === undefined || cpuAfter[k] === undefined
        ? undefined
        : ((cpuAfter[k] ?? 0) - (cpuBefore[k] ?? 0)) / options.held;
    held = {
      activities: options.held,
      seconds: appliedSeconds,
      perSecond: options.held / appliedSeconds,
      arrivalsSeconds: [0, deliverySeconds],
      maxBacklog: options.held,
      deliveriesPutBack: 0,
      loadAverage: Math.max(loadAtRelease, loadavg()[0] ?? 0),
      cpuMsPerActivity: { receiver: perActivity(0) ?? Number.NaN, postgres: perActivity(1) },
      browse: { idle, duringRelease },
    };
  } finally {
    await inbound.stopHolding(client).catch(() => {});
    await client.end();
  }
  report(`inbound, held back then released: ${JSON.stringify(held)}`);
  return { straight, held };
}
