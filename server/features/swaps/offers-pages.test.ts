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
    // Bob and Cat's offer places no page of Ann's: where it fell would tell when it last changed.
    expect(await list(ann, `limit=200&before=${bobAndCat[0]}`)).toEqual([]);
    expect((await list(bob, `limit=200&before=${bobAndCat[0]}`)).length).toBe(44);
    expect(await list(ann, 'before=2147483647')).toEqual([]);
  });

  it('answers the latest 25 when no limit is asked', async () => {
    const all = await list(ann, 'limit=200');
    expect((await list(ann, '')).map((o) => o.id)).toEqual(all.slice(0, 25).map((o) => o.id));
  });

  it('keeps the offers between the member and one other with `with`, paged the same way', async () => {
    const [a, c] = [await idOf(ann), await idOf(cat)];
    const bobs = await list(bob, 'limit=200');
    const withCat = await list(bob, `limit=200&with=${c}`);
    expect(withCat.map((o) => o.id)).toEqual(
      bobs.filter((o) => (o as { toUserId?: string }).toUserId === c).map((o) => o.id),
    );
    expect(withCat).toHaveLength(5);
    const withAnn = (await list(bob, `limit=200&with=${a}`)).map((o) => o.id);
    expect(withAnn).toHaveLength(40);
    const walked: number[] = [];
    let before: number | undefined;
    for (let page = 0; page < 10; page++) {
      const got = await list(bob, `limit=9&with=${a}${before ? `&before=${before}` : ''}`);
      walked.push(...got.map((o) => o.id));
      if (got.length < 9) break;
      before = got.at(-1)?.id;
    }
    expect(walked).toEqual(withAnn);
    // Ann and Cat never traded; naming a member who does not exist finds nothing either.
    expect(await list(ann, `with=${c}`)).toEqual([]);
    expect(await list(ann, 'with=nobody')).toEqual([]);
  });

  it('counts every offer received and made, kept as offers come and accounts go', async () => {
    const counts = async (who: Member) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/swap-requests/counts',
        headers: { cookie: who.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await counts(ann)).toEqual({ received: 20, made: 20 });
    expect(await counts(bob)).toEqual({ received: 20, made: 25 });
    expect(await counts(cat)).toEqual({ received: 5, made: 0 });
    const newcomer = await registerMember(t.app);
    expect(await counts(newcomer)).toEqual({ received: 0, made: 0 });
    const catsItem = (
      await t.db.execute<{ id: number }>(
        sql`select id from items where user_id = ${await idOf(cat)} limit 1`,
      )
    ).rows[0]?.id;
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/swap-requests',
      headers: { cookie: newcomer.cookie },
      payload: {
        itemId: catsItem,
        toUserId: await idOf(cat),
        message: 'Would you swap?',
        offerDescription: null,
        offerImages: [],
        status: 'pending',
      },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    expect(await counts(newcomer)).toEqual({ received: 0, made: 1 });
    expect(await counts(cat)).toEqual({ received: 6, made: 0 });
    // An account that goes takes its offers with it: the other side's counts follow.
    await t.db.execute(sql`delete from users where id = ${await idOf(newcomer)}`);
    expect(await counts(cat)).toEqual({ received: 5, made: 0 });
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/swap-requests/counts' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('refuses pages out of bounds with 400', async () => {
    for (const query of [
      'offset=10001',
      'before=0',
      'before=abc',
      'limit=201',
      'with=',
      `with=${'x'.repeat(65)}`,
    ]) {
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
