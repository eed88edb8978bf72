// Development aid: a member's offers list (GET /api/swap-requests' query) for a member with
// 10,000 offers and one with 10, the query as it was (OR + sort) and as it is (two index walks),
// on the bench's data set: `npx tsx scripts/bench/offers-lab.mts`.
import { desc } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase } from '../../server/db/client.js';
import { swapRequests } from '../../server/db/schema/swaps.js';
import {
  findSwapRequestsPageJson,
  involves,
  selectSwapRequests,
} from '../../server/features/swaps/swaps.queries.js';
import { benchDataset } from './dataset.js';

const say = (line: string) => process.stdout.write(`${line}\n`);
const dataset = await benchDataset(() => {});
const db = createDatabase(dataset.url, { info: () => {}, warn: say } as never, { max: 2 });
const client = new pg.Client({ connectionString: dataset.url });
await client.connect();
const member = (n: number) => `md5('member' || ${n})::uuid::text`;
// Members 9001 and 9002 get 10,000 and 10 offers of their own (received from 200 others, on
// their own listing), a day of activity apart; removed again at the end.
const setUp = async (n: number, offers: number) => {
  await client.query(`delete from swap_requests where to_user_id = ${member(n)}`);
  await client.query(
    `insert into swap_requests (from_user_id, to_user_id, item_id, message, status, created_at, updated_at)
     select ${member(1)}, ${member(n)}, (select id from items where user_id = ${member(n)} limit 1),
            'Swap?', 'rejected', now() - i * interval '1 minute', now() - i * interval '1 minute'
       from generate_series(1, $1::int) as i`,
    [offers],
  );
  await client.query('analyze swap_requests');
  return (await client.query(`select ${member(n)} as id`)).rows[0].id as string;
};
const busy = await setUp(9001, 10_000);
const quiet = await setUp(9002, 10);
const old = (userId: string, offset: number) =>
  selectSwapRequests(db, userId)
    .where(involves(userId))
    .orderBy(desc(swapRequests.updatedAt), desc(swapRequests.id))
    .limit(100)
    .offset(offset);
const time = async (label: string, run: () => Promise<unknown>) => {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  say(`${label.padEnd(44)} median ${times[7]?.toFixed(1)} ms, p93 ${times[14]?.toFixed(1)} ms`);
  return times[7] ?? 0;
};
try {
  for (const [name, id] of [
    ['10,000 offers', busy],
    ['10 offers', quiet],
  ] as const) {
    await time(`before, ${name}, page 1`, () => old(id, 0));
    await time(`after, ${name}, page 1`, () =>
      findSwapRequestsPageJson(db, id, { limit: 100, offset: 0 }),
    );
  }
  const deep = (
    await client.query(
      `select id from swap_requests where to_user_id = $1 order by updated_at desc, id desc offset 4999 limit 1`,
      [busy],
    )
  ).rows[0].id as number;
  await time('before, 10,000 offers, offset 5,000', () => old(busy, 5000));
  await time('after, 10,000 offers, before= (page 51)', () =>
    findSwapRequestsPageJson(db, busy, { limit: 100, offset: 0, before: deep }),
  );
} finally {
  await client.query(
    `delete from swap_requests where to_user_id in (${member(9001)}, ${member(9002)})`,
  );
  await client.end();
  await (db as unknown as { $client: { end: () => Promise<void> } }).$client.end();
  await dataset.stop();
}
