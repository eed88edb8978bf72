/**
 * Real instances for the federation figures (issue 37 §5): production app servers (servers.ts),
 * each on its own database, speaking ActivityPub to each other over loopback
 * (FEDERATION_ALLOW_PRIVATE=true, FEDERATION_APPROVAL=auto); a member registered on one, and one
 * instance following another. What they are made to do: federation-inbound.ts (inbound
 * activities a second) and federation-fan-out.ts (a listing reaching 50 followers).
 */
import path from 'node:path';
import pg from 'pg';
import { type Server, startApp } from './servers.js';

export type Report = (line: string) => void;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Instance = Server & { dbUrl: string; name: string };

/** A production app server on its own database under its own PUBLIC_URL, federating on loopback. */
export async function startFederatedInstance(
  name: string,
  dbUrl: string,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  /** Where the build it runs lives (`root`/dist): this checkout unless given. */
  root = '.',
): Promise<Instance> {
  const server = await startApp(
    dbUrl,
    port,
    root,
    {
      DATA_DIR: path.resolve(`bench/.data/federation-${name}`),
      SITE_NAME: `Bench ${name}`,
      FEDERATION_ALLOW_PRIVATE: 'true',
      FEDERATION_APPROVAL: 'auto',
      ADMIN_EMAILS: `admin@${name}.bench.example`,
      ...env,
    },
    nodeArgs,
  );
  return { ...server, dbUrl, name };
}

/** One statement on the database at `url`, on a connection of its own; its rows. */
export async function query<T extends pg.QueryResultRow>(
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

export /** Waits until `check` gives a value, polling every `everyMs`; fails naming `what` after `withinMs`. */
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

/** A JSON API call; its answer and any cookie it set. Fails on a status of 300 or more. */
export async function call(url: string, method: string, body?: object, cookie?: string) {
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

export /** A member registered through the API; their session cookie. */
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

/** The `p`th percentile of `sorted` (nearest rank). */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
  Number.NaN;

/**
 * Holds back the inbound activities arriving at the instance whose database `client` is on, as
 * they arrive (a trigger of the bench's on its jobs table sets their run_at to infinity), so a
 * run can release them together: what one app server applies when it has more than it can do.
 */
export const inbound = {
  hold: (client: pg.Client) =>
    client.query(`
      create or replace function bench_hold_inbound() returns trigger language plpgsql as $$
      begin new.run_at := 'infinity'; return new; end $$;
      create trigger bench_hold_inbound before insert on jobs
        for each row when (new.queue = 'federation.inbox') execute function bench_hold_inbound();`),
  /** Stops holding what arrives next (those held stay held). */
  stopHolding: (client: pg.Client) =>
    client.query(
      'drop trigger if exists bench_hold_inbound on jobs; drop function if exists bench_hold_inbound()',
    ),
  /** Releases every held activity at once. */
  release: (client: pg.Client) =>
    client.query(
      `update jobs set run_at = now() where queue = 'federation.inbox' and run_at = 'infinity'`,
    ),
};
