import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  GIVEAWAY_NOT_CHOSEN,
  GIVEAWAY_NOTHING_TO_COUNTER,
  giveawayAlone,
  giveawayAsksNothing,
  NO_REQUESTS_TO_DRAW,
  NOT_A_GIVEAWAY,
} from '../../../shared/giveaways.js';
import { giveawayNotExchanged } from '../../../shared/policies/items.js';
import { items } from '../../db/schema/items.js';
import { registerMember } from '../../testing/app.js';
import {
  call,
  listItem,
  type Member,
  offer,
  offerer,
  owner,
  patch,
  setUpSwapsApp,
  stranger,
  t,
} from './swaps.fixtures.js';

/**
 * Issue 38 §2, the requests: a request for a give-away names nothing offered and asks for it
 * alone; a give-away is never offered; requests stay open for the fair chance, after which the
 * giver accepts one (the others are declined kindly, each requester told) or draws one.
 */

setUpSwapsApp();

async function giveaway(who: Member = owner, fairChanceHours = 12, title = 'Free sofa') {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'Green velvet, a little worn',
    condition: 'fair',
    mode: 'giveaway',
    fairChanceHours,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; title: string };
}

/** Moves a give-away's fair chance into the past. */
const windowOver = (itemId: number) =>
  t.db
    .update(items)
    .set({ giveawaySince: sql`now() - interval '3 days'` })
    .where(eq(items.id, itemId));

const ask = (itemId: number, from: Member, shape: 'first' | 'lists' = 'first') =>
  call(
    'POST',
    '/api/swap-requests',
    from,
    shape === 'first'
      ? { itemId, message: 'I would love it' }
      : { itemIds: [itemId], offeredItemIds: [], message: 'I would love it' },
  );

const draw = (itemId: number, who?: Member) => call('POST', `/api/items/${itemId}/draw`, who);

describe('a request for a give-away', () => {
  it.each(['first', 'lists'] as const)('names nothing offered (%s shape)', async (shape) => {
    const free = await giveaway();
    const made = await ask(free.id, offerer, shape);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'pending' });
    expect(made.json()).toMatchObject({ offeredItem: null, offeredItems: [] });
  });

  it('shows its listing as a give-away with the end of its fair chance, in every read', async () => {
    const free = await giveaway(owner, 5);
    await t.db
      .update(items)
      .set({ giveawaySince: new Date('2026-11-27T09:00:00.000Z') })
      .where(eq(items.id, free.id));
    const made = await ask(free.id, offerer);
    const summary = {
      id: free.id,
      mode: 'giveaway',
      requestsOpenUntil: '2026-11-27T14:00:00.000Z',
    };
    expect(made.json().item).toMatchObject(summary);
    expect(made.json().items).toMatchObject([summary]);
    const id = made.json().id as number;
    const one = (await call('GET', `/api/swap-requests/${id}`, owner)).json();
    expect(one.item).toMatchObject(summary);
    for (const who of [owner, offerer]) {
      const page = (await call('GET', '/api/swap-requests?limit=200', who)).json() as Array<{
        id: number;
        item: unknown;
        items: unknown[];
      }>;
      const listed = page.find((request) => request.id === id);
      expect(listed?.item).toMatchObject(summary);
      expect(listed?.items).toMatchObject([summary]);
    }
    // A swap's listing says so, with no fair chance.
    const drum = await listItem(owner, 'Drum');
    const swap = await call('POST', '/api/swap-requests', offerer, {
      itemId: drum.id,
      message: 'Hi',
    });
    expect(swap.json().item).toMatchObject({ mode: 'swap', requestsOpenUntil: null });
  });

  it('refuses listings, a description or a photo offered, in both shapes (400)', async () => {
    const free = await giveaway();
    const mine = await listItem(offerer, 'Drum');
    const message = { message: giveawayAsksNothing(free.title) };
    for (const body of [
      { itemId: free.id, offeredItemId: mine.id },
      { itemIds: [free.id], offeredItemIds: [mine.id] },
      { itemId: free.id, offerDescription: 'A box of chocolates' },
      { itemIds: [free.id], offeredItemIds: [], offerDescription: 'A box of chocolates' },
    ]) {
      const response = await call('POST', '/api/swap-requests', offerer, {
        ...body,
        message: 'Please',
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual(message);
    }
  });

  it('asks for a give-away alone: a bundle with other listings is a 400', async () => {
    const free = await giveaway();
    const other = await listItem(owner, 'Lamp');
    const response = await call('POST', '/api/swap-requests', offerer, {
      itemIds: [other.id, free.id],
      offeredItemIds: [],
      message: 'Both please',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: giveawayAlone(free.title) });
  });

  it('never offers a give-away in exchange (409, as in wants and rounds)', async () => {
    const wanted = await listItem(owner, 'Bike');
    const mine = await giveaway(offerer, 12, 'My free stool');
    for (const body of [
      { itemId: wanted.id, offeredItemId: mine.id, message: 'Swap?' },
      { itemIds: [wanted.id], offeredItemIds: [mine.id], message: 'Swap?' },
    ]) {
      const response = await call('POST', '/api/swap-requests', offerer, body);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: giveawayNotExchanged(mine.title, 'be offered in exchange'),
      });
    }
  });

  it('has nothing to counter (409)', async () => {
    const free = await giveaway();
    const request = (await ask(free.id, offerer)).json();
    const mine = await listItem(offerer, 'Kettle');
    const response = await call('POST', `/api/swap-requests/${request.id}/counter`, owner, {
      itemId: mine.id,
      message: 'How about that?',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: GIVEAWAY_NOTHING_TO_COUNTER });
  });
});

describe('the fair chance', () => {
  it('keeps requests open until its end (409 with the time), then the giver accepts one', async () => {
    const free = await giveaway(owner, 12);
    const [since] = await t.db
      .select({ at: items.giveawaySince, created: items.createdAt })
      .from(items)
      .where(eq(items.id, free.id));
    expect(since?.at).toBeInstanceOf(Date);
    const request = (await ask(free.id, offerer)).json();
    const early = await patch(request.id, 'accepted', owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(
      /^Requests stay open until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC, so everyone has a fair chance$/,
    );
    // Declining needs no wait.
    const other = (await ask(free.id, stranger)).json();
    await windowOver(free.id);
    const accepted = await patch(request.id, 'accepted', owner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    const item = (await call('GET', `/api/items/${free.id}`, owner)).json();
    expect(item.isReserved).toBe(true);
    // The other request is declined kindly, and its requester told.
    const declined = (await call('GET', `/api/swap-requests/${other.id}`, stranger)).json();
    expect(declined).toMatchObject({ status: 'rejected', closedReason: GIVEAWAY_NOT_CHOSEN });
    const notes = (await call('GET', '/api/notifications', stranger)).json().items;
    expect(notes[0]).toMatchObject({ type: 'request-not-chosen' });
    expect(notes[0].text).toContain(free.title);
    // The giver and the chosen requester hear of a request, not of an offer.
    const received = (await call('GET', '/api/notifications', owner)).json().items;
    expect(received.map((note: { text: string }) => note.text)).toContain(
      `${offerer.input.nickname} asked for your give-away “${free.title}”`,
    );
    const chosen = (await call('GET', '/api/notifications', offerer)).json().items;
    expect(chosen[0]).toMatchObject({
      type: 'offer-accepted',
      text: `${owner.input.nickname} accepted your request for “${free.title}”`,
    });
  });

  it('with 0 hours, a request can be accepted at once', async () => {
    const free = await giveaway(owner, 0);
    const request = (await ask(free.id, offerer)).json();
    expect((await patch(request.id, 'accepted', owner)).statusCode).toBe(200);
  });

  it('starts again when a swap becomes a give-away, whose open offers close', async () => {
    const item = await listItem(owner, 'Old desk');
    const swapOffer = await offer(item.id);
    await t.db
      .update(items)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(items.id, item.id));
    const changed = await call('PUT', `/api/items/${item.id}`, owner, {
      title: 'Old desk',
      description: 'Acoustic, six strings',
      condition: 'good',
      categoryId: 7,
      mode: 'giveaway',
      fairChanceHours: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const closed = (await call('GET', `/api/swap-requests/${swapOffer.id}`, offerer)).json();
    expect(closed.status).toBe('rejected');
    expect(closed.closedReason).toMatch(/made this listing a give-away/);
    const request = (await ask(item.id, stranger)).json();
    expect((await patch(request.id, 'accepted', owner)).statusCode).toBe(409);
  });
});

describe('POST /api/items/:id/draw', () => {
  it('is the owner’s: 401 visitor, 403 others, 404 an unknown listing', async () => {
    const free = await giveaway();
    expect((await draw(free.id)).statusCode).toBe(401);
    expect((await draw(free.id, offerer)).statusCode).toBe(403);
    expect((await draw(2_000_000_000, owner)).statusCode).toBe(404);
  });

  it('refuses inside the fair chance, for a swap, with no requests, and once given (409)', async () => {
    const free = await giveaway();
    const none = await draw(free.id, owner);
    expect(none.statusCode).toBe(409);
    await ask(free.id, offerer);
    const early = await draw(free.id, owner);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Requests stay open until /);
    await windowOver(free.id);
    const swap = await listItem(owner, 'A swap');
    await offer(swap.id);
    expect((await draw(swap.id, owner)).json()).toEqual({ message: NOT_A_GIVEAWAY });
    const empty = await giveaway();
    await windowOver(empty.id);
    expect((await draw(empty.id, owner)).json()).toEqual({ message: NO_REQUESTS_TO_DRAW });
    const won = await draw(free.id, owner);
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json()).toMatchObject({ status: 'accepted', itemId: free.id });
    expect((await draw(free.id, owner)).statusCode).toBe(409);
  });

  it('accepts one request as a manual accept does, declining the others', async () => {
    const free = await giveaway();
    const requesters = [offerer, stranger, await registerMember(t.app)];
    const ids = [];
    for (const who of requesters) ids.push((await ask(free.id, who)).json().id as number);
    await windowOver(free.id);
    const won = await draw(free.id, owner);
    expect(won.statusCode).toBe(200);
    const body = won.json();
    expect(body).toEqual((await call('GET', `/api/swap-requests/${body.id}`, owner)).json());
    for (const [k, id] of ids.entries()) {
      const other = (await call('GET', `/api/swap-requests/${id}`, requesters[k])).json();
      if (id === body.id) continue;
      expect(other).toMatchObject({ status: 'rejected', closedReason: GIVEAWAY_NOT_CHOSEN });
    }
  });

  it('picks at random: among 3 requests, over 20 draws more than one requester wins', async () => {
    const requesters = [offerer, stranger, await registerMember(t.app)];
    const winners = new Set<string>();
    for (let n = 0; n < 20; n += 1) {
      const free = await giveaway(owner, 12, `Free book ${n}`);
      for (const who of requesters) expect((await ask(free.id, who)).statusCode).toBe(201);
      await windowOver(free.id);
      const won = await draw(free.id, owner);
      winners.add(won.json().fromUserId);
    }
    // All 20 alike by chance: 3 × (1/3)^20, about 1 in a billion.
    expect(winners.size).toBeGreaterThan(1);
  });

  it('of two draws at once, exactly one wins, 50 times', async () => {
    // A giver of their own (the owner's listings a day are spent by the other tests) and a fair
    // chance of 0 hours: every give-away is ready to draw. Set up all at once, raced one by one.
    const giver = await registerMember(t.app);
    const runs = await Promise.all(
      Array.from({ length: 50 }, async (_, run) => {
        const free = await giveaway(giver, 0, `Raced ${run}`);
        for (const who of [offerer, stranger])
          expect((await ask(free.id, who)).statusCode).toBe(201);
        return free.id;
      }),
    );
    for (const itemId of runs) {
      const answers = await Promise.all([draw(itemId, giver), draw(itemId, giver)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    }
    const accepted = await t.db.execute<{ item_id: number; n: number }>(sql`
      select item_id, count(*) filter (where status = 'accepted')::int as n from swap_requests
       where item_id in ${runs} group by item_id`);
    expect(accepted.rows).toHaveLength(50);
    expect(accepted.rows.every((row) => row.n === 1)).toBe(true);
  }, 60_000);
});

describe('completing a give-away', () => {
  it('counts for giver and receiver, who may rate each other', async () => {
    const [giver, taker] = [await registerMember(t.app), await registerMember(t.app)];
    const free = await giveaway(giver, 0);
    const request = (await ask(free.id, taker)).json();
    expect((await patch(request.id, 'accepted', giver)).statusCode).toBe(200);
    expect((await patch(request.id, 'completed', taker)).statusCode).toBe(200);
    for (const member of [giver, taker]) {
      const profile = (await call('GET', `/api/users/${member.user.id}`)).json();
      expect(profile.reliability.completedSwaps).toBe(1);
      const stats = (await call('GET', `/api/users/${member.user.id}/swap-stats`)).json();
      expect(stats.totalSwaps).toBe(1);
    }
    const rated = await call('POST', '/api/feedback', taker, {
      toUserId: giver.user.id,
      swapRequestId: request.id,
      rating: 5,
    });
    expect(rated.statusCode, rated.body).toBe(201);
  });
});
