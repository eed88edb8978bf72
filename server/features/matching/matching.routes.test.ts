import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../shared/events.js';
import type { Matches } from '../../../shared/matching.js';
import {
  createTestApp,
  listenOnLoopback,
  registerMember,
  type TestApp,
} from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import { jpegDataUrl } from '../../testing/images.js';
import { createListing, putWants, setActive, settleGraph } from './matching.testing.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let ann: Member;
let bob: Member;
let cat: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  [ann, bob, cat] = await Promise.all([
    registerMember(t.app),
    registerMember(t.app),
    registerMember(t.app),
  ]);
});
afterAll(() => t.close());

const get = (url: string, who?: Member) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const matchesOf = async (who: Member): Promise<Matches> => {
  const response = await get('/api/matches', who);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const listing = (
  who: Member,
  title: string,
  wantedItems: string | null = null,
  description?: string,
) => createListing(t.app, who.cookie, { title, wantedItems, description });

describe('PUT /api/items/:id/wants', () => {
  it('replaces the ordered wants of the owner’s listing, readable by anyone', async () => {
    const mine = await listing(ann, 'Accordion');
    const first = await listing(bob, 'Banjo');
    const second = await listing(cat, 'Cello');
    const put = await putWants(t.app, ann.cookie, mine, [second, first]);
    expect(put.statusCode).toBe(200);
    expect(put.json().itemIds).toEqual([second, first]);
    expect(put.json().items.map((i: { title: string }) => i.title)).toEqual(['Cello', 'Banjo']);
    expect((await get(`/api/items/${mine}/wants`)).json().itemIds).toEqual([second, first]);
    expect((await putWants(t.app, ann.cookie, mine, [first])).json().itemIds).toEqual([first]);
    expect((await get(`/api/items/${mine}/wants`, bob)).json().itemIds).toEqual([first]);
  });

  it('is the owner’s alone: another member 403, a visitor 401, an unknown listing 404', async () => {
    const mine = await listing(ann, 'Dulcimer');
    const theirs = await listing(bob, 'Euphonium');
    expect((await putWants(t.app, bob.cookie, mine, [theirs])).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/items/${mine}/wants`,
      payload: { itemIds: [theirs] },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await putWants(t.app, ann.cookie, 999_999, [theirs])).statusCode).toBe(404);
    expect((await get('/api/items/999999/wants')).statusCode).toBe(404);
    expect((await get(`/api/items/${mine}/wants`)).json().itemIds).toEqual([]);
  });

  it('refuses bad lists with a message naming the problem, and changes nothing', async () => {
    const mine = await listing(ann, 'Flute');
    const alsoMine = await listing(ann, 'Glockenspiel');
    const good = await listing(bob, 'Harp');
    const gone = await listing(cat, 'Inactive ocarina');
    await setActive(t.app, t.db, gone, false);
    await putWants(t.app, ann.cookie, mine, [good]);
    const cases: Array<[number[], RegExp]> = [
      [[good, mine], new RegExp(`Listing ${mine} is this listing itself`)],
      [[alsoMine], new RegExp(`Listing ${alsoMine} is one of your own listings`)],
      [[good, 987_654], /Listing 987654 does not exist/],
      [[gone], new RegExp(`Listing ${gone} is no longer available`)],
      [[good, good], new RegExp(`Listing ${good} is named twice`)],
      [Array.from({ length: 501 }, (_, i) => i + 1), /at most 500/],
      [[0], /itemIds must be listing ids/],
      [[3_000_000_000], /itemIds must be listing ids/],
    ];
    for (const [ids, message] of cases) {
      const response = await putWants(t.app, ann.cookie, mine, ids);
      expect(response.statusCode, JSON.stringify(ids).slice(0, 40)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await get(`/api/items/${mine}/wants`)).json().itemIds).toEqual([good]);
    const edges = await t.db.execute(
      sql`select to_item_id from want_edges where from_item_id = ${mine}`,
    );
    expect(edges.rows).toEqual([{ to_item_id: good }]);
  });

  it('accepts 500 wants', async () => {
    const mine = await listing(ann, 'Kazoo');
    const { rows } = await t.db.execute<{ id: number }>(sql`
      insert into items (title, description, condition, user_id)
      select 'Bulk ' || n, 'x', 'good', ${bob.user.id} from generate_series(1, 500) n returning id`);
    const ids = rows.map((r) => Number(r.id));
    const response = await putWants(t.app, ann.cookie, mine, ids);
    expect(response.statusCode).toBe(200);
    expect(response.json().itemIds).toHaveLength(500);
  });

  it('shows only listings still on the market, and their edges come back with them', async () => {
    const mine = await listing(ann, 'Lute');
    const a = await listing(bob, 'Mandolin');
    const b = await listing(cat, 'Nose flute');
    await putWants(t.app, ann.cookie, mine, [a, b]);
    await setActive(t.app, t.db, a, false);
    expect((await get(`/api/items/${mine}/wants`)).json().itemIds).toEqual([b]);
    expect((await matchesOf(ann)).wanted.map((w) => w.id)).not.toContain(a);
    await setActive(t.app, t.db, a, true);
    expect((await get(`/api/items/${mine}/wants`)).json().itemIds).toEqual([a, b]);
    expect((await matchesOf(ann)).wanted.map((w) => w.id)).toContain(a);
  });
});

describe('text wants', () => {
  it('match other members’ titles and descriptions, never their wanted text or one’s own', async () => {
    const seeker = await registerMember(t.app);
    const wanting = await listing(seeker, 'Zither', 'spinning wheel, quern stone');
    const byTitle = await listing(bob, 'Spinning wheel, oak');
    const byDescription = await listing(cat, 'Loom', null, 'Comes with a small spinning wheel');
    await listing(cat, 'Rowing machine', 'spinning wheel');
    await listing(seeker, 'My own spinning wheel');
    await listing(bob, 'Spinning top');
    const wanted = (await matchesOf(seeker)).wanted;
    expect(wanted.map((w) => [w.id, w.source, w.mine.id])).toEqual([
      [byTitle, 'text', wanting],
      [byDescription, 'text', wanting],
    ]);
  });

  it('keep the best 20 per phrase, titles first, and old listings gain new ones', async () => {
    const seeker = await registerMember(t.app);
    const wanting = await listing(seeker, 'Quilt', 'theodolite; barometer');
    const weak: number[] = [];
    for (let i = 0; i < 21; i++) {
      weak.push(await listing(bob, `Box ${i}`, null, 'Has a theodolite inside'));
    }
    const strong = await listing(cat, 'Theodolite', null, 'A surveyor’s theodolite');
    const { rows } = await t.db.execute<{ to_item_id: number; rank: number }>(sql`
      select to_item_id, rank from want_edges where from_item_id = ${wanting}
       order by rank, to_item_id`);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual({ to_item_id: strong, rank: 1 });
    // Equal scores share a rank.
    expect(new Set(rows.slice(1).map((r) => r.rank))).toEqual(new Set([2]));
    // Ties go to the older listing: the last two of the 21 weaker ones are out.
    expect(rows.slice(1).map((r) => r.to_item_id)).toEqual(weak.slice(0, 19));
    // One leaves the market: the next takes its place.
    await setActive(t.app, t.db, weak[0] ?? 0, false);
    const after = await t.db.execute<{ to_item_id: number }>(sql`
      select to_item_id from want_edges where from_item_id = ${wanting} order by rank, to_item_id`);
    expect(after.rows.map((r) => r.to_item_id)).toEqual([strong, ...weak.slice(1, 20)]);
  });

  it('change with the wanted-items text, and listed beats text for the same listing', async () => {
    const seeker = await registerMember(t.app);
    const drum = await listing(bob, 'Steel drum');
    const wanting = await listing(seeker, 'Ukulele', 'steel drum');
    expect((await matchesOf(seeker)).wanted.map((w) => [w.id, w.source])).toEqual([[drum, 'text']]);
    await putWants(t.app, seeker.cookie, wanting, [drum]);
    expect((await matchesOf(seeker)).wanted.map((w) => [w.id, w.source])).toEqual([
      [drum, 'listed'],
    ]);
    await putWants(t.app, seeker.cookie, wanting, []);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/items/${wanting}`,
      headers: { cookie: seeker.cookie },
      payload: {
        title: 'Ukulele',
        description: 'Soprano',
        condition: 'good',
        categoryId: 7,
        wantedItems: 'harpsichord',
      },
    });
    expect(edit.statusCode).toBe(200);
    await settleGraph(t.app);
    expect((await matchesOf(seeker)).wanted).toEqual([]);
  });
});

describe('GET /api/matches', () => {
  it('needs a member', async () => {
    expect((await get('/api/matches')).statusCode).toBe(401);
    expect((await get('/api/matches/new')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/matches/seen' })).statusCode).toBe(401);
  });

  it('finds wanted listings, mutual matches and circles of three, with summaries and no private field', async () => {
    const [x, y, z] = await Promise.all([
      registerMember(t.app),
      registerMember(t.app),
      registerMember(t.app),
    ]);
    const photo = await jpegDataUrl(40, 40);
    const a = await createListing(t.app, x.cookie, { title: 'Anvil', images: [photo] });
    const b = await listing(y, 'Bellows');
    const c = await listing(z, 'Crucible');
    const d = await listing(y, 'Dies');
    await putWants(t.app, x.cookie, a, [b, d]);
    await putWants(t.app, y.cookie, b, [c]);
    await putWants(t.app, z.cookie, c, [a]);
    await putWants(t.app, y.cookie, d, [a]);

    const matches = await matchesOf(x);
    expect(matches.wanted.map((w) => [w.id, w.source, w.mine.id])).toEqual([
      [b, 'listed', a],
      [d, 'listed', a],
    ]);
    expect(matches.mutual.map((m) => [m.mine.id, m.theirs.id])).toEqual([[a, d]]);
    expect(matches.circles.map((c) => c.itemIds)).toEqual([[a, b, c]]);
    const circle = matches.circles[0];
    expect(circle?.items.map((i) => i.title)).toEqual(['Anvil', 'Bellows', 'Crucible']);
    expect(circle?.members.map((m) => m.id)).toEqual([x.user.id, y.user.id, z.user.id]);
    expect(circle?.items[0]?.thumbnail).toMatch(/^\/api\/images\/[0-9a-f-]+\/thumb$/);
    expect(circle?.items[1]?.thumbnail).toBeNull();
    // The same circle, seen from the others, starts at their own listing.
    expect((await matchesOf(y)).circles.map((c) => c.itemIds)).toEqual([[b, c, a]]);
    expect((await matchesOf(z)).circles.map((c) => c.itemIds)).toEqual([[c, a, b]]);
    const body = JSON.stringify(matches);
    expect(body).not.toMatch(/email|password|@example\.com/i);

    // A listing off the market leaves every section at once.
    await setActive(t.app, t.db, c, false);
    const after = await matchesOf(x);
    expect(after.circles).toEqual([]);
    await setActive(t.app, t.db, d, false);
    expect((await matchesOf(x)).mutual).toEqual([]);
  });

  it('counts mutual matches and circles that are new since the member opened /matches', async () => {
    const [x, y] = await Promise.all([registerMember(t.app), registerMember(t.app)]);
    const a = await listing(x, 'Easel');
    const b = await listing(y, 'Fiddle');
    await putWants(t.app, x.cookie, a, [b]);
    await putWants(t.app, y.cookie, b, [a]);
    expect((await get('/api/matches/new', x)).json()).toEqual({ count: 1 });
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/matches/seen',
      headers: { cookie: x.cookie },
    });
    expect(seen.statusCode).toBe(200);
    expect((await get('/api/matches/new', x)).json()).toEqual({ count: 0 });
    expect((await get('/api/matches/new', y)).json()).toEqual({ count: 1 });
    const c = await listing(y, 'Gong');
    await putWants(t.app, y.cookie, c, [a]);
    await putWants(t.app, x.cookie, a, [b, c]);
    expect((await get('/api/matches/new', x)).json()).toEqual({ count: 1 });
  });

  it('tells the members whose matches changed over the live stream, and nobody else', async () => {
    const [x, y, z, bystander] = await Promise.all([
      registerMember(t.app),
      registerMember(t.app),
      registerMember(t.app),
      registerMember(t.app),
    ]);
    const a = await listing(x, 'Harmonica');
    const b = await listing(y, 'Hurdy-gurdy');
    const c = await listing(z, 'Hang drum');
    await putWants(t.app, y.cookie, b, [c]);
    await putWants(t.app, z.cookie, c, [a]);
    const base = await listenOnLoopback(t.app);
    const streams = await Promise.all(
      [x, y, z, bystander].map((m) => openEventStream(base, m.cookie)),
    );
    try {
      // x → y closes the circle x → y → z → x: z hears of it too, though no edge of z changed.
      await putWants(t.app, x.cookie, a, [b]);
      const isMatches = (event: LiveEvent) => event.type === 'matches';
      await Promise.all(streams.slice(0, 3).map((s) => s.next(isMatches, 5_000)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(streams[3]?.received.filter(isMatches)).toEqual([]);
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe('PUT /api/items/:id/wanted-by ("I’d swap for this")', () => {
  it('adds the listing to the end of the chosen listings’ wants and takes it off the others', async () => {
    const [x, y] = await Promise.all([registerMember(t.app), registerMember(t.app)]);
    const target = await listing(y, 'Jaw harp');
    const other = await listing(y, 'Jingle bells');
    const one = await listing(x, 'Kalimba');
    const two = await listing(x, 'Lyre');
    await putWants(t.app, x.cookie, one, [other]);
    const put = (ids: number[], who = x) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/items/${target}/wanted-by`,
        headers: { cookie: who.cookie },
        payload: { itemIds: ids },
      });
    const added = await put([one, two]);
    expect(added.statusCode).toBe(200);
    expect(added.json().itemIds).toEqual([one, two]);
    expect((await get(`/api/items/${one}/wants`)).json().itemIds).toEqual([other, target]);
    expect((await get(`/api/items/${two}/wants`)).json().itemIds).toEqual([target]);
    expect((await get(`/api/items/${target}/wanted-by`, x)).json().itemIds).toEqual([one, two]);
    expect((await put([two])).json().itemIds).toEqual([two]);
    expect((await get(`/api/items/${one}/wants`)).json().itemIds).toEqual([other]);

    expect((await put([target], y)).statusCode).toBe(400);
    const notMine = await put([other]);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(`Listing ${other} is not one of your listings`);
    await setActive(t.app, t.db, target, false);
    expect((await put([one])).statusCode).toBe(409);
  });
});
