import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let ann: Member;
let bob: Member;
let cat: Member;
const idOf = async (m: Member) => m.user.id as string;

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, cat] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
  ];
  const [a, b, c] = [await idOf(ann), await idOf(bob), await idOf(cat)];
  const item = async (owner: string) =>
    (
      await t.db.execute<{ id: number }>(
        sql`insert into items (title, description, condition, user_id) values ('Lamp', 'A lamp', 'good', ${owner}) returning id`,
      )
    ).rows[0]?.id;
  const [annsItem, bobsItem, catsItem] = [await item(a), await item(b), await item(c)];
  // 40 offers Ann sent and received, by activity an hour apart, four pairs sharing their time
  // (ties go by id); Bob and Cat trade 5 among themselves.
  await t.db.execute(sql`
    insert into swap_requests (from_user_id, to_user_id, item_id, message, status, created_at, updated_at)
    select case when i % 2 = 0 then ${a} else ${b} end, case when i % 2 = 0 then ${b} else ${a} end,
           case when i % 2 = 0 then ${bobsItem}::int else ${annsItem}::int end, 'Swap?', 'rejected',
           now() - interval '100 days', now() - (case when i % 10 = 0 then i + 1 else i end) * interval '1 hour'
      from generate_series(1, 40) as i`);
  await t.db.execute(sql`
    insert into swap_requests (from_user_id, to_user_id, item_id, message, status, updated_at)
    select ${b}, ${c}, ${catsItem}::int, 'Swap?', 'rejected', now() from generate_series(1, 5)`);
});
afterAll(() => t.close());

const list = async (who: Member, query: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/swap-requests?${query}`,
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<{ id: number; updatedAt: string }>;
};

describe('GET /api/swap-requests pages', () => {
  it('lists sent and received offers by latest activity, then id', async () => {
    const all = await list(ann, 'limit=200');
    expect(all).toHaveLength(40);
    const keys = all.map((o) => [Date.parse(o.updatedAt), o.id] as const);
    const sorted = [...keys].sort((x, y) => y[0] - x[0] || y[1] - x[1]);
    expect(keys).toEqual(sorted);
  });

  it('walks every offer once with `before`, the same as with offsets', async () => {
    const all = (await list(ann, 'limit=200')).map((o) => o.id);
    const walked: number[] = [];
    let before: number | undefined;
    for (let page = 0; page < 10; page++) {
      const got = await list(ann, `limit=7${before ? `&before=${before}` : ''}`);
      walked.push(...got.map((o) => o.id));
      if (got.length < 7) break;
      before = got.at(-1)?.id;
    }
    expect(walked).toEqual(all);
    const byOffset = [
      ...(await list(ann, 'limit=15')),
      ...(await list(ann, 'limit=15&offset=15')),
      ...(await list(ann, 'limit=15&offset=30')),
    ].map((o) => o.id);
    expect(byOffset).toEqual(all);
  });

  it("shows nobody else's offers, whatever `before` names", async () => {
    const bobs = (await list(bob, 'limit=200')).map((o) => o.id);
    const anns = (await list(ann, 'limit=200')).map((o) => o.id);
    expect(bobs).toHaveLength(45);
    const bobAndCat = bobs.filter((id) => !anns.includes(id));
    expect(await list(cat, 'limit=200')).toHaveLength(5);
    // Bob and Cat's offers are the newest: the page after one of them is Ann's own list.
    expect((await list(ann, `before=${bobAndCat[0]}`)).map((o) => o.id)).toEqual(anns);
    expect(await list(ann, 'before=2147483647')).toEqual([]);
  });

  it('refuses pages out of bounds with 400', async () => {
    for (const query of ['offset=10001', 'before=0', 'before=abc', 'limit=201']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/swap-requests?${query}`,
        headers: { cookie: ann.cookie },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });
});
