/**
 * Real instances for the federation figures (issue 37 §5): production app servers (servers.ts),
 * each on its own database, speaking ActivityPub to each other over loopback
 * (FEDERATION_ALLOW_PRIVATE=true, FEDERATION_APPROVAL=auto).
 *
 * - `inboundThroughput`: the receiver follows the sender, the sender publishes `count` new
 *   listings at once (rows written in SQL, then one publish job each, as a listing change
 *   enqueues it), and the time until the receiver holds them all. Then the same again with the
 *   receiver's inbound activities held back as they arrive (a trigger on its jobs table, the
 *   bench's and only for this) and released at once: what one app server applies when it has
 *   more to do than the sender sends.
 * - `fanOut`: 50 follower instances simulated by tiny HTTP servers that accept any POST (202)
 *   and note when it came, registered as accepted followers in the sender's `instances` table;
 *   listings created through the sender's API, and when each reached each inbox.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../server/features/auth/password.js';
import { nicknameKey } from '../../server/features/users/nickname-key.js';
import { findBannedWord } from '../../shared/item-display.js';
import { ADJECTIVES, NOUNS, SENTENCES, WANTED } from './seed.js';
import { type Server, startApp } from './servers.js';

type Report = (line: string) => void;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
  Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Instance = Server & { dbUrl: string; name: string };

/** A production app server on its own database under its own PUBLIC_URL, federating on loopback. */
export async function startFederatedInstance(
  name: string,
  dbUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<Instance> {
  const server = await startApp(dbUrl, port, '.', {
    DATA_DIR: path.resolve(`bench/.data/federation-${name}`),
    SITE_NAME: `Bench ${name}`,
    FEDERATION_ALLOW_PRIVATE: 'true',
    FEDERATION_APPROVAL: 'auto',
    ADMIN_EMAILS: `admin@${name}.bench.example`,
    ...env,
  });
  return { ...server, dbUrl, name };
}

async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Waits until `check` gives a value, polling every `everyMs`; fails naming `what` after `withinMs`. */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  withinMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(everyMs);
  }
}

async function call(url: string, method: string, body?: object, cookie?: string) {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return { json: text ? JSON.parse(text) : undefined, cookie: response.headers.get('set-cookie') };
}

/** A member registered through the API; their session cookie. */
async function register(instance: Instance, email: string): Promise<string> {
  const nickname = email.split('@')[0]?.replace(/[^a-z0-9]/gi, '') ?? 'member';
  const { cookie } = await call(`${instance.url}/api/register`, 'POST', {
    firstName: 'Bench',
    lastName: 'Member',
    nickname,
    email,
    password: 'bench-password',
    agreeToTerms: true,
  });
  return (cookie ?? '').split(';')[0] ?? '';
}

/** The receiver's admin follows the sender; resolves once the sender accepted. */
export async function follow(receiver: Instance, sender: Instance): Promise<number> {
  const admin = await register(receiver, `admin@${receiver.name}.bench.example`);
  await call(`${receiver.url}/api/admin/federation/instances`, 'POST', { url: sender.url }, admin);
  const host = new URL(sender.url).host;
  return until(
    'the sender accepting the follow',
    async () =>
      (
        await query<{ id: number }>(
          receiver.dbUrl,
          `select id from instances where host = $1 and following = 'accepted'`,
          [host],
        )
      )[0]?.id,
    30_000,
  );
}

/** Members of the sender who own the published listings (their keys made before the timing). */
async function senderMembers(sender: Instance, count: number): Promise<string[]> {
  const password = await hashPassword('bench-password');
  const nicknames = Array.from({ length: count }, (_, i) => `publisher${i + 1}`);
  const rows = await query<{ id: string }>(
    sender.dbUrl,
    `insert into users (email, password, first_name, nickname, nickname_key, email_verified_at)
     select n || '@sender.bench.example', $1, 'Publisher', n, k, now()
       from unnest($2::text[], $3::text[]) as t(n, k)
     on conflict do nothing
     returning id`,
    [password, nicknames, nicknames.map((nickname) => nicknameKey(nickname))],
  );
  const ids = rows.map((row) => row.id);
  // Each member's actor, as the receiver reads it: makes their key pairs now, not while timed.
  for (const id of ids)
    await fetch(`${sender.url}/ap/actors/${id}`, {
      headers: { accept: 'application/activity+json' },
    }).then((response) => response.arrayBuffer());
  return ids;
}

/**
 * The seed's words that every instance accepts: the banned-word rule matches within words
 * ("pet-free" has "pet"), and a receiver refuses such a listing whole.
 */
const acceptable = (words: readonly string[]) => words.filter((word) => !findBannedWord(word));

/**
 * `count` new listings of `owners` on the sender, numbered from `from` (their words vary with
 * it), written in SQL: no publish job yet.
 */
async function senderListings(sender: Instance, owners: string[], from: number, count: number) {
  const rows = await query<{ id: number }>(
    sender.dbUrl,
    `insert into items (title, description, category_id, condition, user_id, wanted_items, location)
     select ($1::text[])[1 + (i * 7) % array_length($1, 1)] || ' ' || ($2::text[])[1 + (i * 13) % array_length($2, 1)],
            concat_ws(' ', ($3::text[])[1 + i % array_length($3, 1)], ($3::text[])[1 + (i * 5 + 3) % array_length($3, 1)]),
            2 + i % 10, 'good', ($4::text[])[1 + i % array_length($4, 1)],
            case when i % 3 = 0 then null else ($5::text[])[1 + i % array_length($5, 1)] end,
            'Leeds'
       from generate_series($6::int, $6::int + $7::int - 1) as i
     returning id`,
    [
      acceptable(ADJECTIVES),
      acceptable(NOUNS),
      acceptable(SENTENCES),
      owners,
      acceptable(WANTED),
      from,
      count,
    ],
  );
  return rows.map((row) => row.id);
}

/** Each listing's publish job, as a listing change enqueues it (federation/publish.ts). */
async function enqueuePublish(sender: Instance, ids: number[]): Promise<Date> {
  const [row] = await query<{ at: Date }>(
    sender.dbUrl,
    `with queued as (
       insert into jobs (queue, payload)
       select 'federation.publish', jsonb_build_object('itemId', id, 'userId', user_id, 'created', true)
         from items where id = any($1::int[]) order by id
       returning created_at)
     select max(created_at) as at from queued`,
    [ids],
  );
  return row?.at ?? new Date();
}

const heldCount = (receiver: Instance, instanceId: number) =>
  query<{ n: number }>(
    receiver.dbUrl,
    'select count(*)::int as n from items where origin_instance_id = $1',
    [instanceId],
  ).then((rows) => rows[0]?.n ?? 0);

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
};

/** CPU time (user + system, in ms) of a process, and of its children with `children`. */
function cpuMs(pid: number | undefined, children = false): number | undefined {
  if (!pid) return undefined;
  const ticks = (stat: string, fields: number[]) => {
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.reduce((sum, field) => sum + Number(rest[field] ?? 0), 0);
  };
  try {
    // utime and stime (fields 14, 15 of /proc/PID/stat); with children, what those that
    // exited used (16, 17) and what each live one (by parent) has used.
    let total = ticks(
      readFileSync(`/proc/${pid}/stat`, 'utf8'),
      children ? [11, 12, 13, 14] : [11, 12],
    );
    if (children)
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
          if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid)
            total += ticks(stat, [11, 12]);
        } catch {
          // exited meanwhile
        }
      }
    return total * 10; // 100 ticks a second on Linux
  } catch {
    return undefined;
  }
}

/** The embedded PostgreSQL's postmaster (bench/.data/pg), when the bench started one. */
function postmasterPid(): number | undefined {
  try {
    return Number(
      readFileSync(path.resolve('bench/.data/pg/postmaster.pid'), 'utf8').split('\n')[0],
    );
  } catch {
    return undefined;
  }
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
    await client.query(`
      create or replace function bench_hold_inbound() returns trigger language plpgsql as $$
      begin new.run_at := 'infinity'; return new; end $$;
      create trigger bench_hold_inbound before insert on jobs
        for each row when (new.queue = 'federation.inbox') execute function bench_hold_inbound();`);
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
    await client.query(
      'drop trigger bench_hold_inbound on jobs; drop function bench_hold_inbound()',
    );
    // Let the sender's last jobs settle, so the CPU counted is the receiver's work.
    await sleep(1000);
    const postgres = postmasterPid();
    const cpuBefore = [cpuMs(receiver.process.pid), cpuMs(postgres, true)];
    const loadAtRelease = loadavg()[0] ?? 0;
    const released = performance.now();
    await client.query(
      `update jobs set run_at = now() where queue = 'federation.inbox' and run_at = 'infinity'`,
    );
    await until(
      `${options.held} more listings on the receiver`,
      async () =>
        (await heldCount(receiver, instanceId)) >= options.straight + options.held
          ? true
          : undefined,
      300_000,
      50,
    );
    const appliedSeconds = (performance.now() - released) / 1000;
    const cpuAfter = [cpuMs(receiver.process.pid), cpuMs(postgres, true)];
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
    };
  } finally {
    await client.query('drop trigger if exists bench_hold_inbound on jobs').catch(() => {});
    await client.end();
  }
  report(`inbound, held back then released: ${JSON.stringify(held)}`);
  return { straight, held };
}

/** A simulated follower instance: any POST answered 202, its arrival noted with its body. */
async function simulatedInbox() {
  const arrivals: Array<{ at: number; body: string }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST')
        arrivals.push({ at: performance.now(), body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(request.method === 'POST' ? 202 : 404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The sender keeps its connections alive: close them rather than wait for them.
        server.closeAllConnections();
      }),
  };
}

export type FanOut = {
  followers: number;
  listings: number;
  /** Creation (the POST sent) to arrival at an inbox, over every listing and inbox. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Each listing's last arrival. */
  lastPerListingMs: number[];
  missing: number;
  loadAverage: number;
};

/**
 * `followers` simulated follower instances of the sender; `listings` listings created one after
 * another through its API, each waited for at every inbox.
 */
export async function fanOut(options: {
  sender: Instance;
  followers: number;
  listings: number;
  report: Report;
}): Promise<FanOut> {
  const { sender, followers, listings, report } = options;
  const inboxes = await Promise.all(Array.from({ length: followers }, () => simulatedInbox()));
  try {
    // Only the simulated followers receive: any real follower (the receiver) is let go.
    await query(sender.dbUrl, `update instances set follower = 'none'`);
    await query(
      sender.dbUrl,
      `insert into instances (host, base_url, actor_url, inbox_url, name, follower)
       select substr(b, 8), b, b || '/actor', b || '/inbox', 'Simulated ' || n, 'accepted'
         from unnest($1::text[]) with ordinality as t(b, n)`,
      [inboxes.map((inbox) => inbox.base)],
    );
    const cookie = await register(sender, `fanout@${sender.name}.bench.example`);
    const [category] = (await call(`${sender.url}/api/categories`, 'GET')).json as Array<{
      id: number;
    }>;
    const loadAverage = loadavg()[0] ?? 0;
    const times: number[] = [];
    const lastPerListing: number[] = [];
    let missing = 0;
    for (let k = 0; k < listings; k++) {
      const started = performance.now();
      const made = await call(
        `${sender.url}/api/items`,
        'POST',
        {
          title: `${ADJECTIVES[k % ADJECTIVES.length]} ${NOUNS[k % NOUNS.length]}`,
          description: acceptable(SENTENCES)[k] ?? 'Bench listing',
          condition: 'good',
          categoryId: category?.id,
        },
        cookie,
      );
      const marker = `/item/${made.json.id}"`;
      const arrivedAt = (inbox: (typeof inboxes)[number]) =>
        inbox.arrivals.find((arrival) => arrival.at >= started && arrival.body.includes(marker))
          ?.at;
      await until(
        `listing ${made.json.id} at ${followers} inboxes`,
        async () => (inboxes.every((inbox) => arrivedAt(inbox) !== undefined) ? true : undefined),
        30_000,
        20,
      ).catch((error: unknown) => report(String(error)));
      const these = inboxes.map(arrivedAt);
      missing += these.filter((at) => at === undefined).length;
      const delays = these.flatMap((at) => (at === undefined ? [] : [at - started]));
      times.push(...delays);
      lastPerListing.push(Math.max(...delays));
      report(
        `fan-out ${k + 1}/${listings}: ${delays.length}/${followers} inboxes, last after ${Math.max(...delays).toFixed(0)} ms`,
      );
      await sleep(500);
    }
    times.sort((a, b) => a - b);
    return {
      followers,
      listings,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      maxMs: times.at(-1) ?? Number.NaN,
      lastPerListingMs: lastPerListing,
      missing,
      loadAverage,
    };
  } finally {
    await Promise.all(inboxes.map((inbox) => inbox.close()));
  }
}
