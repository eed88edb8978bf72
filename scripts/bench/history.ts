/**
 * `npm run bench:history` (issue 19 §3): lists that stay flat as history grows. On the bench's
 * 100k data set (seeded when there is none), two more members: one party to 10,000 offers with a
 * chat of 10,000 messages, one party to 10 offers with a chat of 10 messages; every fourth offer
 * is a bundle (two listings asked for, one offered). Each read is
 * measured at 50 connections for both, with the production server, and written into
 * bench/RESULTS.md's history section. The two members and their rows are removed at the end.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import { onAllCores } from './all-cores.js';
import { benchDataset } from './dataset.js';
import { type Endpoint, type LoadResult, measure } from './load.js';
import { spliceSection } from './report-splice.js';
import { BENCH_MEMBER } from './seed.js';
import { startApp } from './servers.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PORT = Number(process.env.BENCH_PORT ?? 4610) + 3;
const TARGET_P99_MS = 100;
export const HISTORY_HEADING = '## Lists as history grows (issue 19 §3)';
const say = (line: string) => process.stdout.write(`[history] ${line}\n`);

type Member = { key: 'heavy' | 'light'; email: string; offers: number; messages: number };
const MEMBERS: Member[] = [
  { key: 'light', email: 'history-light@bench.swapmarket.test', offers: 10, messages: 10 },
  { key: 'heavy', email: 'history-heavy@bench.swapmarket.test', offers: 10_000, messages: 10_000 },
];

/** The member, their offers (received from members 2…, on a listing of theirs) and one long chat. */
async function setUp(client: pg.Client, member: Member) {
  await tearDown(client, member);
  const { rows } = await client.query(
    `insert into users (id, email, password, first_name, last_name, email_verified_at)
     select gen_random_uuid()::text, $1, password, 'History', $2, now()
       from users where email = $3
     returning id`,
    [member.email, member.key, BENCH_MEMBER.email],
  );
  const userId = rows[0].id as string;
  const item = await client.query(
    `insert into items (user_id, title, description, condition, category_id, is_active)
     values ($1, 'History test listing', 'A listing that receives many offers', 'good', 2, true)
     returning id`,
    [userId],
  );
  const second = await client.query(
    `insert into items (user_id, title, description, condition, category_id, is_active)
     values ($1, 'History second listing', 'Asked for in the bundles', 'good', 2, false)
     returning id`,
    [userId],
  );
  // A minute apart, newest last; members 2… send them, so each offer names two members. Every
  // fourth is a bundle (issue 38): both of the member's listings for one of the sender's.
  await client.query(
    `insert into swap_requests (from_user_id, to_user_id, item_id, offered_item_id, message, status,
                                created_at, updated_at)
     select s.sender, $1, $2,
            case when i % 4 = 0 then (select id from items where user_id = s.sender order by id limit 1) end,
            'Would you swap?', case when i % 3 = 0 then 'pending' else 'rejected' end,
            now() - i * interval '1 minute', now() - i * interval '1 minute'
       from generate_series(1, $3::int) as i
      cross join lateral (select md5('member' || (2 + i % 5000))::uuid::text as sender) s`,
    [userId, item.rows[0].id, member.offers],
  );
  await client.query(
    `insert into swap_request_items (request_id, side, position, item_id)
     select id, 'asked', 1, $2 from swap_requests where to_user_id = $1 and offered_item_id is not null`,
    [userId, second.rows[0].id],
  );
  const chat = await client.query(
    `select id, from_user_id from swap_requests where to_user_id = $1 order by updated_at desc, id desc limit 1`,
    [userId],
  );
  const conversationId = chat.rows[0].id as number;
  const partnerId = chat.rows[0].from_user_id as string;
  await client.query(
    `insert into messages (swap_request_id, from_user_id, content, is_read, created_at)
     select $1, case when n % 2 = 0 then $2 else $3 end, 'Is Saturday still good for you?', true,
            now() - ($4::int - n) * interval '1 second'
       from generate_series(1, $4::int) as n`,
    [conversationId, userId, chat.rows[0].from_user_id, member.messages],
  );
  await client.query('analyze swap_requests; analyze swap_request_items; analyze messages');
  const middle = async (sql: string) => (await client.query(sql, [userId])).rows[0]?.id as number;
  return {
    userId,
    conversationId,
    partnerId,
    // Ids halfway back through the history: the keyset page a member reaches after scrolling.
    offerHalfway: await middle(
      `select id from swap_requests where to_user_id = $1 order by updated_at desc, id desc offset ${Math.floor(member.offers / 2)} limit 1`,
    ),
    messageHalfway: (
      await client.query(
        `select id from messages where swap_request_id = $1 order by created_at desc, id desc offset ${Math.floor(member.messages / 2)} limit 1`,
        [conversationId],
      )
    ).rows[0]?.id as number,
  };
}

async function tearDown(client: pg.Client, member: Member) {
  await client.query(
    `with gone as (select id from users where email = $1)
     delete from messages where swap_request_id in
       (select id from swap_requests where to_user_id in (select id from gone))`,
    [member.email],
  );
  await client.query(
    `delete from swap_requests where to_user_id in (select id from users where email = $1)`,
    [member.email],
  );
  await client.query(`delete from items where user_id in (select id from users where email = $1)`, [
    member.email,
  ]);
  await client.query(
    `delete from sessions where sess->>'userId' in (select id from users where email = $1)`,
    [member.email],
  );
  await client.query(`delete from users where email = $1`, [member.email]);
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: BENCH_MEMBER.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

type Read = {
  key: string;
  label: string;
  path: (m: Awaited<ReturnType<typeof setUp>>) => string;
  /**
   * Asked of a server that keeps no page of offers or chat (OFFERS_CACHE_MS=0): what a page costs
   * when it has changed since it was last read, as after every new offer, message or rating.
   */
  unkept?: true;
};
// Each list is compared at one page size (10 rows for both members), so a difference can only
// come from history; the page the app asks for is measured too, where the heavy member's page
// holds more rows.
const READS: Read[] = [
  {
    key: 'offers',
    label: 'Offers, first page of 10 (kept: nothing changed between reads)',
    path: () => '/api/swap-requests?limit=10',
  },
  {
    key: 'offers-halfway',
    label: 'Offers, a page of 10 halfway back (`before`; kept)',
    path: (m) => `/api/swap-requests?limit=10&before=${m.offerHalfway}`,
  },
  {
    key: 'offers-default',
    label: 'Offers, default page (10 rows vs 25 rows; kept)',
    path: () => '/api/swap-requests',
  },
  {
    key: 'offers-unkept',
    label: 'Offers, first page of 10, read from PostgreSQL every time (as after a change)',
    path: () => '/api/swap-requests?limit=10',
    unkept: true,
  },
  {
    key: 'offers-default-unkept',
    label:
      'Offers, default page (10 rows vs 25 rows), read from PostgreSQL every time (as after a change)',
    path: () => '/api/swap-requests',
    unkept: true,
  },
  {
    key: 'offers-counts',
    label: 'My Offers tab counts (GET /api/swap-requests/counts)',
    path: () => '/api/swap-requests/counts',
  },
  {
    key: 'offers-with',
    label: 'Latest offer with one member (`with`, Send Message; kept)',
    path: (m) => `/api/swap-requests?limit=1&with=${m.partnerId}`,
  },
  {
    key: 'chat',
    label: 'Chat, latest 10 messages (kept)',
    path: (m) => `/api/swap-requests/${m.conversationId}/messages?limit=10`,
  },
  {
    key: 'chat-halfway',
    label: 'Chat, 10 messages halfway back (`before`; kept)',
    path: (m) =>
      `/api/swap-requests/${m.conversationId}/messages?limit=10&before=${m.messageHalfway}`,
  },
  {
    key: 'chat-page',
    label: 'Chat, as the chat opens (latest 50: 10 rows vs 50 rows; kept)',
    path: (m) => `/api/swap-requests/${m.conversationId}/messages?limit=50`,
  },
  {
    key: 'chat-page-unkept',
    label:
      'Chat, as the chat opens (latest 50), read from PostgreSQL every time (as after a new message)',
    path: (m) => `/api/swap-requests/${m.conversationId}/messages?limit=50`,
    unkept: true,
  },
];

export type HistoryResults = {
  date: string;
  loadAverage: number;
  seconds: number;
  /** Listings in the data set the members were added to (100k, or 1M after BENCH_SCALE=10). */
  listings?: number;
  rows: { key: string; label: string; light: LoadResult; heavy: LoadResult }[];
};

export function renderHistory(r: HistoryResults): string {
  const ms = (x: number) => x.toFixed(0);
  const out = [
    HISTORY_HEADING,
    '',
    `Measured on ${r.date.slice(0, 10)} by \`npm run bench:history\` (production server, autocannon, ${CONNECTIONS} connections, ${r.seconds} s per run after a 2 s warm-up; 1-minute load average ${r.loadAverage.toFixed(1)} on ${os.availableParallelism()} cores when it started). Two members added to the bench data set (${(r.listings ?? 100_000).toLocaleString('en-US')} listings): one party to 10 offers with a chat of 10 messages, one party to 10,000 offers with a chat of 10,000 messages.`,
    '',
    `| Read @${CONNECTIONS} | 10 offers: req/s · p50 / p99 ms | 10,000 offers: req/s · p50 / p99 ms | p99 ratio | Target p99 ≤ ${TARGET_P99_MS} ms |`,
    '|---|---:|---:|---:|---|',
  ];
  for (const row of r.rows) {
    const met = Math.max(row.light.p99, row.heavy.p99) <= TARGET_P99_MS ? '✅' : '❌';
    out.push(
      `| ${row.label} | ${ms(row.light.rps)} · ${ms(row.light.p50)} / ${ms(row.light.p99)} | ${ms(row.heavy.rps)} · ${ms(row.heavy.p50)} / ${ms(row.heavy.p99)} | ${(row.heavy.p99 / Math.max(1, row.light.p99)).toFixed(2)} | ${met} |`,
    );
  }
  return `${out.join('\n')}\n`;
}

async function main() {
  onAllCores();
  const dataset = await benchDataset(say);
  const client = new pg.Client({ connectionString: dataset.url });
  await client.connect();
  const app = await startApp(dataset.url, PORT);
  const unkept = await startApp(dataset.url, PORT + 1, '.', { OFFERS_CACHE_MS: '0' });
  try {
    const seeded = new Map<Member['key'], Awaited<ReturnType<typeof setUp>>>();
    const cookies = new Map<Member['key'], string>();
    for (const member of MEMBERS) {
      seeded.set(member.key, await setUp(client, member));
      cookies.set(member.key, await signIn(app.url, member.email));
      say(`${member.email}: ${member.offers} offers, a chat of ${member.messages} messages`);
    }
    const loadAverage = os.loadavg()[0] ?? Number.NaN;
    const counted = await client.query('select count(*)::int as n from items');
    const listings = counted.rows[0].n as number;
    const rows: HistoryResults['rows'] = [];
    for (const read of READS) {
      const results: Partial<Record<Member['key'], LoadResult>> = {};
      // Light and heavy alternate, so both see the same machine.
      for (const member of MEMBERS) {
        const state = seeded.get(member.key);
        if (!state) throw new Error('not set up');
        const endpoint: Endpoint = {
          key: `${read.key}-${member.key}`,
          label: read.label,
          kind: 'member',
          paths: [read.path(state)],
          signedIn: true,
          floor: false,
        };
        const cookie = cookies.get(member.key);
        const server = read.unkept ? unkept : app;
        await measure(server.url, endpoint, CONNECTIONS, 2, cookie);
        const result = await measure(server.url, endpoint, CONNECTIONS, SECONDS, cookie);
        if (result.non2xx || result.errors)
          throw new Error(`${endpoint.key}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        results[member.key] = result;
        say(`${read.label}, ${member.key}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms`);
      }
      if (!results.light || !results.heavy) throw new Error('missing result');
      rows.push({ key: read.key, label: read.label, light: results.light, heavy: results.heavy });
    }
    const results: HistoryResults = {
      date: new Date().toISOString(),
      loadAverage,
      seconds: SECONDS,
      listings,
      rows,
    };
    const section = renderHistory(results);
    const report = await readFile('bench/RESULTS.md', 'utf8').catch(() => '# Benchmark results\n');
    await writeFile('bench/RESULTS.md', spliceSection(report, HISTORY_HEADING, section));
    console.info(`\n${section}`);
  } finally {
    await app.stop();
    await unkept.stop();
    for (const member of MEMBERS) await tearDown(client, member);
    await client.end();
    await dataset.stop();
  }
}

await main();
