import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Matches } from '../../../shared/matching.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import {
  createListing,
  graphSnapshot,
  putWants,
  rebuiltSnapshot,
  settleGraph,
} from './matching.testing.js';

/**
 * Issue 38 §2: give-aways never enter want matching as something given in exchange (their owner
 * wants nothing back), but members' wants may name them and they show in "You want". In the
 * graph: no edge leaves a give-away, so no mutual match or circle goes through one; edges into
 * one stay.
 */

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let ann: Member;
let bob: Member;
let cat: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  [ann, bob, cat] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
  ];
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Member, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

const matchesOf = async (who: Member): Promise<Matches> => {
  const response = await call('GET', '/api/matches', who);
  expect(response.statusCode).toBe(200);
  return response.json();
};

const swap = (who: Member, title: string, wantedItems: string | null = null) =>
  createListing(t.app, who.cookie, { title, wantedItems });

async function giveaway(who: Member, title: string): Promise<number> {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'Free to a good home',
    condition: 'good',
    mode: 'giveaway',
  });
  expect(response.statusCode, response.body).toBe(201);
  await settleGraph(t.app);
  return response.json().id;
}

/** The owner switches a listing's mode (the rest of the listing as it was made). */
async function setMode(who: Member, id: number, title: string, mode: 'swap' | 'giveaway') {
  const response = await call('PUT', `/api/items/${id}`, who, {
    title,
    description: 'Looked after',
    condition: 'good',
    categoryId: '4',
    mode,
  });
  expect(response.statusCode, response.body).toBe(200);
  await settleGraph(t.app);
}

const mutualPairs = (m: Matches) => m.mutual.map((pair) => [pair.mine.id, pair.theirs.id]);

describe('give-aways in the want graph', () => {
  it('show in what a member wants, named or by text, marked as give-aways', async () => {
    const lamp = await giveaway(bob, 'Brass lamp');
    const named = await swap(ann, 'Flute');
    expect((await putWants(t.app, ann.cookie, named, [lamp])).statusCode).toBe(200);
    const byText = await swap(cat, 'Oboe', 'brass lamp');
    const annWants = (await matchesOf(ann)).wanted;
    expect(annWants.map((w) => [w.id, w.source, w.mine.id, w.mode])).toEqual([
      [lamp, 'listed', named, 'giveaway'],
    ]);
    expect(annWants[0]?.mine.mode).toBe('swap');
    expect((await matchesOf(cat)).wanted.map((w) => [w.id, w.source, w.mine.id])).toEqual([
      [lamp, 'text', byText],
    ]);
    // Nothing leaves the give-away: its owner has no wants, mutual matches or circles from it.
    expect(await matchesOf(bob)).toEqual({ wanted: [], mutual: [], circles: [] });
    const out = await t.db.execute(sql`select 1 from want_edges where from_item_id = ${lamp}`);
    expect(out.rows).toEqual([]);
  });

  it('never make a mutual match: a swap turned give-away leaves it, and comes back as a swap', async () => {
    const mine = await swap(ann, 'Kettle drum');
    const theirs = await swap(bob, 'Cornet');
    await putWants(t.app, ann.cookie, mine, [theirs]);
    await putWants(t.app, bob.cookie, theirs, [mine]);
    expect(mutualPairs(await matchesOf(ann))).toContainEqual([mine, theirs]);
    await setMode(bob, theirs, 'Cornet', 'giveaway');
    const after = await matchesOf(ann);
    expect(mutualPairs(after)).not.toContainEqual([mine, theirs]);
    expect(mutualPairs(await matchesOf(bob))).not.toContainEqual([theirs, mine]);
    // Ann still wants it: it shows in her wants, free now.
    expect(after.wanted.find((w) => w.id === theirs)).toMatchObject({ mode: 'giveaway' });
    // A swap again: its named wants, kept, make the match again.
    await setMode(bob, theirs, 'Cornet', 'swap');
    expect(mutualPairs(await matchesOf(ann))).toContainEqual([mine, theirs]);
  });

  it('never close a circle, and a proposed one closes when a listing of it is given away', async () => {
    const a = await swap(ann, 'Sitar');
    const b = await swap(bob, 'Tabla');
    const c = await swap(cat, 'Veena');
    await putWants(t.app, ann.cookie, a, [b]);
    await putWants(t.app, bob.cookie, b, [c]);
    await putWants(t.app, cat.cookie, c, [a]);
    const loop = (m: Matches) => m.circles.some((circle) => circle.itemIds.includes(c));
    expect(loop(await matchesOf(ann))).toBe(true);
    const proposed = await call('POST', '/api/circles', ann, { itemIds: [a, b, c] });
    expect(proposed.statusCode, proposed.body).toBe(201);
    await setMode(cat, c, 'Veena', 'giveaway');
    expect(loop(await matchesOf(ann))).toBe(false);
    expect(loop(await matchesOf(cat))).toBe(false);
    const circle = (await call('GET', `/api/circles/${proposed.json().id}`, ann)).json();
    expect(circle.status).toBe('cancelled');
    expect(circle.closedReason).toBe(
      '“Veena” is a give-away: its owner asks for nothing in return, so it cannot be part of a circle',
    );
    // Proposing the loop again is refused with the reason, not a missing want.
    const again = await call('POST', '/api/circles', ann, { itemIds: [a, b, c] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/“Veena” is a give-away/);
  });

  it('want nothing themselves: their owner names no wants and gives none for others', async () => {
    const free = await giveaway(ann, 'Spare guitar strings');
    const theirs = await swap(bob, 'Capo');
    const put = await putWants(t.app, ann.cookie, free, [theirs]);
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe(
      '“Spare guitar strings” is a give-away: its owner asks for nothing in return, so it cannot be swapped for anything',
    );
    // "I'd swap for this" with the give-away: refused; with a swap, for a give-away: fine.
    const swapFor = await call('PUT', `/api/items/${theirs}/wanted-by`, ann, { itemIds: [free] });
    expect(swapFor.statusCode).toBe(409);
    const mine = await swap(ann, 'Metronome');
    const free2 = await giveaway(bob, 'Music stand');
    const wantIt = await call('PUT', `/api/items/${free2}/wanted-by`, ann, { itemIds: [mine] });
    expect(wantIt.statusCode, wantIt.body).toBe(200);
    await settleGraph(t.app);
    expect((await matchesOf(ann)).wanted.map((w) => w.id)).toContain(free2);
  });

  it('keep the graph equal to a rebuild through changes of mode', async () => {
    const x = await swap(ann, 'Harmonium', 'accordion');
    const y = await swap(bob, 'Accordion', 'harmonium');
    await putWants(t.app, ann.cookie, x, [y]);
    await putWants(t.app, bob.cookie, y, [x]);
    await setMode(bob, y, 'Accordion', 'giveaway');
    expect(await graphSnapshot(t.db)).toEqual(await rebuiltSnapshot(t.db));
    await setMode(bob, y, 'Accordion', 'swap');
    expect(await graphSnapshot(t.db)).toEqual(await rebuiltSnapshot(t.db));
    // A give-away whose wanted text was written anyway (a listing from elsewhere may say some):
    // no phrases, no edges from it, in the upkeep and the rebuild alike.
    await t.db.execute(
      sql`update items set wanted_items = 'harmonium', mode = 'giveaway', fair_chance_hours = 6, giveaway_since = now() where id = ${y}`,
    );
    await t.db.execute(sql`insert into want_graph_changes (item_id) values (${y})`);
    await settleGraph(t.app);
    expect((await t.db.execute(sql`select 1 from want_phrases where item_id = ${y}`)).rows).toEqual(
      [],
    );
    expect(await graphSnapshot(t.db)).toEqual(await rebuiltSnapshot(t.db));
  });
});
