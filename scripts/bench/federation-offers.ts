/**
 * Offers across instances (issue 39 §4), between two real instances (federation-instances.ts)
 * that follow each other: the owner's instance lists, the offerer's holds those listings, and
 *   round trip   `sequential` offers made one after another through the offerer's API, each timed
 *                from its POST to its row on the owner's instance (goal p95 ≤ 1 s on loopback);
 *   held         `held` offers made at once, held back at the owner's instance as they arrive (the
 *                bench's trigger on its jobs table, as federation-inbound.ts does) and released
 *                together: the offers one app server applies a second from other instances.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import {
  call,
  follow,
  type Instance,
  inbound,
  percentile,
  query,
  type Report,
  register,
  sleep,
  until,
} from './federation-instances.js';
import { cpuMs, postmasterPid } from './process-cpu.js';

export type OfferRoundTrip = {
  offers: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  loadAverage: number;
};

export type OffersApplied = {
  offers: number;
  seconds: number;
  perSecond: number;
  loadAverage: number;
  cpuMsPerOffer: { owner: number; postgres?: number };
};

/** Offers on the owner's instance whose message starts with `prefix`. */
const arrived = (owner: Instance, prefix: string) =>
  query<{ n: number }>(
    owner.dbUrl,
    'select count(*)::int as n from swap_requests where message like $1',
    [`${prefix}%`],
  ).then((rows) => rows[0]?.n ?? 0);

/** `count` listings of one owner, created through the API, once all are held by the offerer. */
async function listingsThere(owner: Instance, offerer: Instance, count: number, report: Report) {
  const cookie = await register(owner, `lister@${owner.name}.bench.example`);
  const [category] = (await call(`${owner.url}/api/categories`, 'GET')).json as Array<{
    id: number;
  }>;
  const urls: string[] = [];
  for (let k = 0; k < count; k++) {
    const made = await call(
      `${owner.url}/api/items`,
      'POST',
      {
        title: `Bench teapot ${k}`,
        description: 'A teapot that pours well',
        condition: 'good',
        categoryId: category?.id,
      },
      cookie,
    );
    urls.push(`${owner.url}/item/${made.json.id}`);
  }
  const ids = await until(
    `${count} listings on the offerer's instance`,
    async () => {
      const rows = await query<{ id: number }>(
        offerer.dbUrl,
        'select id from items where origin_url = any($1) order by id',
        [urls],
      );
      return rows.length === count ? rows.map((row) => row.id) : undefined;
    },
    120_000,
    200,
  );
  report(`${count} listings of ${owner.name} held on ${offerer.name}`);
  return ids;
}

export async function offersAcross(options: {
  offerer: Instance;
  owner: Instance;
  sequential: number;
  held: number;
  report: Report;
  /** The embedded PostgreSQL's data directory (its CPU is counted). */
  pgDataDir?: string;
}): Promise<{ roundTrip: OfferRoundTrip; held: OffersApplied }> {
  const { offerer, owner, report } = options;
  // Offers travel only between instances that follow each other.
  await follow(offerer, owner);
  await follow(owner, offerer);
  report('the two instances follow each other');
  const listings = await listingsThere(owner, offerer, options.sequential + options.held, report);
  const members = await Promise.all(
    Array.from({ length: 10 }, (_, k) =>
      register(offerer, `offerer${k}@${offerer.name}.bench.example`),
    ),
  );
  const offer = (member: string, itemId: number, message: string) =>
    call(`${offerer.url}/api/swap-requests`, 'POST', { itemIds: [itemId], message }, member);

  // 1. One at a time, each waited for on the owner's instance.
  const loadBefore = loadavg()[0] ?? 0;
  const times: number[] = [];
  for (let k = 0; k < options.sequential; k++) {
    const message = `bench-trip-${k} a swap?`;
    const started = performance.now();
    await offer(members[k % members.length] ?? '', listings[k] ?? 0, message);
    await until(
      `offer ${k} on the owner's instance`,
      async () => ((await arrived(owner, `bench-trip-${k} `)) === 1 ? true : undefined),
      30_000,
      5,
    );
    times.push(performance.now() - started);
    if (process.env.BENCH_TRACE) report(`offer ${k}: ${Math.round(times.at(-1) ?? 0)} ms`);
    await sleep(100);
  }
  times.sort((a, b) => a - b);
  const roundTrip: OfferRoundTrip = {
    offers: options.sequential,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    maxMs: times.at(-1) ?? Number.NaN,
    loadAverage: Math.max(loadBefore, loadavg()[0] ?? 0),
  };
  report(`offer round trip: ${JSON.stringify(roundTrip)}`);

  // 2. Held back at the owner's instance as they arrive, then released at once.
  const client = new pg.Client({ connectionString: owner.dbUrl });
  await client.connect();
  try {
    await inbound.hold(client);
    const heldSince = new Date();
    const rest = listings.slice(options.sequential);
    await Promise.all(
      members.map(async (member, m) => {
        for (let k = m; k < rest.length; k += members.length)
          await offer(member, rest[k] ?? 0, `bench-held-${k} a swap?`);
      }),
    );
    await until(
      `${options.held} offers waiting at the owner's instance`,
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
    await inbound.stopHolding(client);
    await sleep(1000);
    const postgres = postmasterPid(options.pgDataDir);
    const cpuBefore = [cpuMs(owner.process.pid), cpuMs(postgres, true)];
    const loadAtRelease = loadavg()[0] ?? 0;
    const released = performance.now();
    await inbound.release(client);
    await until(
      `${options.held} offers applied on the owner's instance`,
      async () => ((await arrived(owner, 'bench-held-')) >= options.held ? true : undefined),
      300_000,
      50,
    );
    const seconds = (performance.now() - released) / 1000;
    const cpuAfter = [cpuMs(owner.process.pid), cpuMs(postgres, true)];
    const perOffer = (k: number) =>
      cpuBefore[k] === undefined || cpuAfter[k] === undefined
        ? Number.NaN
        : ((cpuAfter[k] ?? 0) - (cpuBefore[k] ?? 0)) / options.held;
    const held: OffersApplied = {
      offers: options.held,
      seconds,
      perSecond: options.held / seconds,
      loadAverage: Math.max(loadAtRelease, loadavg()[0] ?? 0),
      cpuMsPerOffer: { owner: perOffer(0), postgres: perOffer(1) },
    };
    report(`offers held then released: ${JSON.stringify(held)}`);
    return { roundTrip, held };
  } finally {
    await inbound.stopHolding(client).catch(() => {});
    await client.end();
  }
}
