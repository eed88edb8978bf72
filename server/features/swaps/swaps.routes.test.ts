import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/items.js';
import { rateLimits } from '../../db/schema/rate-limits.js';
import { messages } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { jpegDataUrl } from '../../testing/images.js';
import { presentMessage } from './swaps.presenter.js';
import { findMessage } from './swaps.queries.js';

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let owner: Member;
let offerer: Member;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_OFFERS_PER_HOUR: '500' });
  [owner, offerer, stranger] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
  ];
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, who?: Member, payload?: object) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

async function listItem(who: Member = owner, title = 'Guitar') {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'Acoustic, six strings',
    condition: 'good',
    categoryId: 7,
  });
  return response.json() as { id: number };
}

async function offer(itemId: number, from: Member = offerer, extra: object = {}) {
  const response = await call('POST', '/api/swap-requests', from, {
    itemId,
    message: 'Would you swap for my drum?',
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as { id: number; status: string; toUserId: string };
}

const patch = (id: number, status: string, who?: Member) =>
  call('PATCH', `/api/swap-requests/${id}`, who, { status });

describe('POST /api/swap-requests', () => {
  it('sends the offer to the owner as pending, whatever the client claims', async () => {
    const item = await listItem();
    const response = await call('POST', '/api/swap-requests', offerer, {
      itemId: item.id,
      toUserId: stranger.user.id,
      status: 'accepted',
      message: '  Hello!  ',
      offerDescription: 'A drum',
      offerImages: [await jpegDataUrl(1000, 800)],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      toUserId: owner.user.id,
      fromUserId: offerer.user.id,
      status: 'pending',
      message: 'Hello!',
      offerDescription: 'A drum',
      item: { id: item.id, title: 'Guitar' },
      fromUser: { id: offerer.user.id },
      toUser: { id: owner.user.id },
    });
    expect(created.offerImages[0]).toMatch(/^\/api\/images\//);
    expect(JSON.stringify(created)).not.toContain('@example.com');
  });

  it.each([
    ['signed out', undefined, 401],
    ['own item', 'owner', 400],
  ])('refuses an offer %s', async (_case, who, status) => {
    const item = await listItem();
    const response = await call('POST', '/api/swap-requests', who === 'owner' ? owner : undefined, {
      itemId: item.id,
      message: 'Hi',
    });
    expect(response.statusCode).toBe(status);
  });

  it('refuses unknown and inactive items, a blank message and two photos', async () => {
    expect(
      (await call('POST', '/api/swap-requests', offerer, { itemId: 99999, message: 'Hi' }))
        .statusCode,
    ).toBe(404);
    const item = await listItem();
    await t.db.update(items).set({ isActive: false }).where(eq(items.id, item.id));
    expect(
      (await call('POST', '/api/swap-requests', offerer, { itemId: item.id, message: 'Hi' }))
        .statusCode,
    ).toBe(409);
    const open = await listItem();
    const blank = await call('POST', '/api/swap-requests', offerer, {
      itemId: open.id,
      message: '   ',
    });
    expect(blank.json()).toEqual({ message: 'Please enter a message.' });
    const photo = await jpegDataUrl(100, 100);
    const two = await call('POST', '/api/swap-requests', offerer, {
      itemId: open.id,
      message: 'Hi',
      offerImages: [photo, photo],
    });
    expect(two.statusCode).toBe(400);
  });
});

describe('reading swap requests', () => {
  it('shows a request to its two parties only', async () => {
    const request = await offer((await listItem()).id);
    const mine = (await call('GET', '/api/swap-requests', offerer))
      .json()
      .map((r: { id: number }) => r.id);
    const theirs = (await call('GET', '/api/swap-requests', owner))
      .json()
      .map((r: { id: number }) => r.id);
    const others = (await call('GET', '/api/swap-requests', stranger))
      .json()
      .map((r: { id: number }) => r.id);
    expect(mine).toContain(request.id);
    expect(theirs).toContain(request.id);
    expect(others).not.toContain(request.id);
    expect((await call('GET', `/api/swap-requests/${request.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/swap-requests/${request.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/swap-requests/${request.id}`)).statusCode).toBe(401);
    expect((await call('GET', '/api/swap-requests')).statusCode).toBe(401);
  });

  it('lists every offer exactly as it reads alone, for both parties (the list is built by PostgreSQL)', async () => {
    const [ann, bob] = [await registerMember(t.app), await registerMember(t.app)];
    const guitar = await listItem(ann, 'Guitar');
    const lamp = await listItem(ann, 'Lamp "Bauhaus" — émail');
    const drum = await listItem(bob, 'Drum');
    const piano = await listItem(bob, 'Piano');
    // A listing for a listing, with an unread message from Bob and a counter-offer from Ann.
    const traded = await offer(guitar.id, bob, { offeredItemId: drum.id });
    await call('POST', `/api/swap-requests/${traded.id}/messages`, bob, {
      content: 'Still there?',
    });
    const countered = await call('POST', `/api/swap-requests/${traded.id}/counter`, ann, {
      itemId: piano.id,
      message: 'Rather the piano?',
    });
    expect(countered.statusCode).toBe(201);
    // A custom offer with a photo, on a listing Ann then deletes.
    const custom = await offer(lamp.id, bob, {
      offerDescription: 'A drum kit\nwith "sticks"',
      offerImages: [await jpegDataUrl(400, 300)],
    });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/items/${lamp.id}`,
          headers: { cookie: ann.cookie },
        })
      ).statusCode,
    ).toBe(200);
    // A bundle (issue 38): two of Ann's listings for two of Bob's, and a counter changing both.
    const [vase, rug] = [await listItem(ann, 'Vase'), await listItem(ann, 'Rug')];
    const [flute, harp] = [await listItem(bob, 'Flute'), await listItem(bob, 'Harp')];
    const bundle = await offer(vase.id, bob, {
      itemId: undefined,
      itemIds: [vase.id, rug.id],
      offeredItemIds: [flute.id, harp.id],
    });
    const bundleCounter = await call('POST', `/api/swap-requests/${bundle.id}/counter`, ann, {
      itemIds: [harp.id],
      offeredItemIds: [rug.id],
      message: 'The harp for the rug?',
    });
    expect(bundleCounter.statusCode).toBe(201);
    // A completed swap Bob has rated.
    const done = await offer((await listItem(ann, 'Kettle')).id, bob);
    await patch(done.id, 'accepted', ann);
    await patch(done.id, 'completed', bob);
    const rated = await call('POST', '/api/feedback', bob, {
      toUserId: ann.user.id,
      swapRequestId: done.id,
      rating: 5,
    });
    expect(rated.statusCode).toBe(201);

    for (const who of [ann, bob]) {
      const listed: Array<{ id: number }> = (
        await call('GET', '/api/swap-requests?limit=200', who)
      ).json();
      expect(listed.map((o) => o.id).sort()).toEqual(
        [
          traded.id,
          countered.json().id,
          custom.id,
          done.id,
          bundle.id,
          bundleCounter.json().id,
        ].sort(),
      );
      for (const listedOffer of listed) {
        const alone = (await call('GET', `/api/swap-requests/${listedOffer.id}`, who)).json();
        expect(listedOffer).toStrictEqual(alone);
        expect(Object.keys(listedOffer)).toEqual(Object.keys(alone));
      }
    }
    const asAnn: Array<{ id: number; unreadCount: number; ratedByMe: boolean }> = (
      await call('GET', '/api/swap-requests?limit=200', ann)
    ).json();
    expect(asAnn.find((o) => o.id === traded.id)?.unreadCount).toBe(1);
  });
});

describe('PATCH /api/swap-requests/:id (SPEC §4 state machine)', () => {
  it.each([
    ['pending', 'accepted', 'receiver', 200],
    ['pending', 'rejected', 'receiver', 200],
    ['pending', 'accepted', 'sender', 403],
    ['pending', 'rejected', 'sender', 403],
    ['pending', 'completed', 'receiver', 409],
    ['pending', 'completed', 'sender', 409],
    ['pending', 'pending', 'receiver', 409],
    ['accepted', 'completed', 'receiver', 200],
    ['accepted', 'completed', 'sender', 200],
    ['accepted', 'rejected', 'receiver', 409],
    ['accepted', 'pending', 'sender', 409],
    ['rejected', 'accepted', 'receiver', 409],
    ['rejected', 'completed', 'sender', 409],
    ['completed', 'accepted', 'receiver', 409],
    ['completed', 'pending', 'sender', 409],
    ['pending', 'accepted', 'stranger', 404],
    ['accepted', 'completed', 'stranger', 404],
  ])('%s → %s by the %s answers %i', async (from, to, actor, status) => {
    const request = await offer((await listItem()).id);
    if (from !== 'pending') {
      expect(
        (await patch(request.id, from === 'completed' ? 'accepted' : from, owner)).statusCode,
      ).toBe(200);
      if (from === 'completed')
        expect((await patch(request.id, 'completed', offerer)).statusCode).toBe(200);
    }
    const who = { receiver: owner, sender: offerer, stranger }[actor];
    const response = await patch(request.id, to, who);
    expect(response.statusCode).toBe(status);
    expect(response.json().message ?? response.json().status).toBeTruthy();
    const after = (await call('GET', `/api/swap-requests/${request.id}`, owner)).json();
    expect(after.status).toBe(status === 200 ? to : from);
  });

  it('refuses signed-out callers and unknown statuses', async () => {
    const request = await offer((await listItem()).id);
    expect((await patch(request.id, 'accepted')).statusCode).toBe(401);
    expect((await patch(request.id, 'stolen', owner)).statusCode).toBe(400);
    expect((await patch(999999, 'accepted', owner)).statusCode).toBe(404);
  });

  it('lets exactly one of twenty concurrent accepts through', async () => {
    const request = await offer((await listItem()).id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => patch(request.id, 'accepted', owner)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('takes the item and the offered item off the market when the swap completes', async () => {
    const wanted = await listItem(owner, 'Wanted lamp');
    const given = await listItem(offerer, 'Given clock');
    const request = await offer(wanted.id, offerer, { offeredItemId: given.id });
    await patch(request.id, 'accepted', owner);
    await patch(request.id, 'completed', offerer);
    const [a, b] = await Promise.all([
      call('GET', `/api/items/${wanted.id}`),
      call('GET', `/api/items/${given.id}`),
    ]);
    expect(a.json().isActive).toBe(false);
    expect(b.json().isActive).toBe(false);
  });
});

describe('messages', () => {
  it('lets the two parties talk, marks messages read when the chat says so, and keeps others out', async () => {
    const request = await offer((await listItem()).id);
    const url = `/api/swap-requests/${request.id}/messages`;
    const sent = await call('POST', url, offerer, { content: '  Is it still available?  ' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      content: 'Is it still available?',
      fromUser: { id: offerer.user.id },
      isRead: false,
    });

    const listed = (await call('GET', '/api/swap-requests', owner))
      .json()
      .find((r: { id: number }) => r.id === request.id);
    expect(listed.unreadCount).toBe(1);
    const thread = (await call('GET', url, owner)).json();
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Is it still available?']);
    // Reading changes nothing (issue 17): the chat marks what it showed with a POST.
    const unread = async () =>
      (await call('GET', '/api/swap-requests', owner))
        .json()
        .find((r: { id: number }) => r.id === request.id).unreadCount;
    expect(await unread()).toBe(1);
    expect((await call('GET', url, offerer)).json()[0].isRead).toBe(false);
    const marked = await call('POST', `${url}/read`, owner);
    expect(marked.json()).toEqual({ read: 1 });
    expect(await unread()).toBe(0);
    expect((await call('GET', url, offerer)).json()[0].isRead).toBe(true);
    // The author's own messages are not theirs to mark; a stranger is not a party.
    expect((await call('POST', `${url}/read`, offerer)).json()).toEqual({ read: 0 });
    expect((await call('POST', `${url}/read`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `${url}/read`)).statusCode).toBe(401);

    expect((await call('POST', url, owner, { content: 'Yes!' })).statusCode).toBe(201);
    expect((await call('POST', url, owner, { content: '   ' })).json()).toEqual({
      message: 'Please enter a message.',
    });
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await call('POST', url, stranger, { content: 'Let me in' })).statusCode).toBe(404);
    expect((await call('GET', url)).statusCode).toBe(401);
  });

  it('pages back through a long chat with `before`, in order even when messages share a moment', async () => {
    const request = await offer((await listItem()).id);
    const url = `/api/swap-requests/${request.id}/messages`;
    const ids: number[] = [];
    for (const content of ['one', 'two', 'three', 'four', 'five']) {
      ids.push(
        (await call('POST', url, content.length % 2 ? offerer : owner, { content })).json().id,
      );
    }
    // Sent within one instant: the id breaks the tie, as it does in the index.
    await t.db
      .update(messages)
      .set({ createdAt: new Date('2026-01-01T12:00:00Z') })
      .where(eq(messages.swapRequestId, request.id));
    const page = async (query: string) =>
      (await call('GET', `${url}?${query}`, owner))
        .json()
        .map((m: { content: string }) => m.content);
    expect(await page('limit=2')).toEqual(['four', 'five']);
    expect(await page(`limit=2&before=${ids[3]}`)).toEqual(['two', 'three']);
    expect(await page(`limit=2&before=${ids[1]}`)).toEqual(['one']);
    expect(await page(`limit=2&before=${ids[0]}`)).toEqual([]);

    // A message of another chat names no place in this one.
    const other = await offer((await listItem()).id);
    const elsewhere = (
      await call('POST', `/api/swap-requests/${other.id}/messages`, offerer, { content: 'hi' })
    ).json().id;
    expect(await page(`before=${elsewhere}`)).toEqual([]);
    expect((await call('GET', `${url}?before=abc`, owner)).json()).toEqual({
      message: 'before must be a message id',
    });
    expect((await call('GET', `${url}?before=0`, owner)).statusCode).toBe(400);
    expect((await call('GET', `${url}?before=${ids[3]}`, stranger)).statusCode).toBe(404);
  });
  it('answers every message of a page as the presenter shapes it alone (the page is built by PostgreSQL)', async () => {
    const [ann, bob] = [await registerMember(t.app), await registerMember(t.app)];
    const request = await offer((await listItem(ann)).id, bob);
    const url = `/api/swap-requests/${request.id}/messages`;
    const ids: number[] = [];
    for (const [who, content] of [
      [bob, 'Line one\nline "two"\ttabbed \\ back'],
      [ann, 'Émail, ünïcode — and <b>tags</b> & 🎸'],
      [bob, 'Three'],
    ] as const) {
      ids.push((await call('POST', url, who, { content })).json().id);
    }
    // Names JSON must escape, and a member who has not verified (isMember false).
    await t.db
      .update(users)
      .set({ nickname: 'Bob "the \\ builder" 🎸', lastName: null, emailVerifiedAt: null })
      .where(eq(users.id, bob.user.id));
    // Microseconds in the clock: the page writes milliseconds as Date.toISOString does.
    await t.db
      .update(messages)
      .set({ createdAt: new Date('2026-03-04T05:06:07.999Z') })
      .where(eq(messages.id, ids[0] as number));
    await t.db.execute(
      sql`update messages set created_at = created_at + interval '999 microseconds' where id = ${ids[0]}`,
    );
    expect((await call('POST', `${url}/read`, ann)).json()).toEqual({ read: 2 });

    const alone = async (id: number) => {
      const row = await findMessage(t.db, id);
      return presentMessage(row as NonNullable<typeof row>);
    };
    for (const who of [ann, bob]) {
      const page = (await call('GET', url, who)).json();
      expect(page).toStrictEqual([
        await alone(ids[0] as number),
        await alone(ids[1] as number),
        await alone(ids[2] as number),
      ]);
      expect(Object.keys(page[0])).toEqual(Object.keys(await alone(ids[0] as number)));
      expect(Object.keys(page[0].fromUser)).toEqual(
        Object.keys((await alone(ids[0] as number)).fromUser),
      );
      const older = (await call('GET', `${url}?before=${ids[2]}&limit=1`, who)).json();
      expect(older).toStrictEqual([await alone(ids[1] as number)]);
    }
    const first = (await call('GET', url, ann)).json()[0];
    expect(first).toMatchObject({
      createdAt: '2026-03-04T05:06:07.999Z',
      isRead: true,
      fromUser: { nickname: 'Bob "the \\ builder" 🎸', lastName: null, isMember: false },
    });
  });
});

describe('feedback and stats', () => {
  it('lets each party of a completed swap rate the other once, and averages to one decimal', async () => {
    const rater2 = await registerMember(t.app);
    const rater3 = await registerMember(t.app);
    const seller = await registerMember(t.app);
    const ratings: Array<[Member, number]> = [
      [offerer, 4],
      [rater2, 5],
      [rater3, 5],
    ];
    for (const [buyer, rating] of ratings) {
      const request = await offer((await listItem(seller)).id, buyer);
      const early = await call('POST', '/api/feedback', buyer, {
        toUserId: seller.user.id,
        swapRequestId: request.id,
        rating,
      });
      expect(early.statusCode).toBe(409);
      await patch(request.id, 'accepted', seller);
      await patch(request.id, 'completed', buyer);
      const wrongTarget = await call('POST', '/api/feedback', buyer, {
        toUserId: stranger.user.id,
        swapRequestId: request.id,
        rating,
      });
      expect(wrongTarget.statusCode).toBe(400);
      const outsider = await call('POST', '/api/feedback', stranger, {
        toUserId: seller.user.id,
        swapRequestId: request.id,
        rating,
      });
      expect(outsider.statusCode).toBe(404);
      const rated = await call('POST', '/api/feedback', buyer, {
        toUserId: seller.user.id,
        swapRequestId: request.id,
        rating,
        comment: 'Lovely',
      });
      expect(rated.statusCode).toBe(201);
      const again = await call('POST', '/api/feedback', buyer, {
        toUserId: seller.user.id,
        swapRequestId: request.id,
        rating,
      });
      expect(again.statusCode).toBe(409);
    }
    const id = seller.user.id;
    expect((await call('GET', `/api/users/${id}/rating-stats`)).json()).toEqual({
      averageRating: 4.7,
      totalRatings: 3,
    });
    expect((await call('GET', `/api/feedback/${id}`)).json()).toEqual({
      stats: { averageRating: 4.7, totalRatings: 3 },
    });
    expect((await call('GET', `/api/users/${id}/swap-stats`)).json()).toEqual({ totalSwaps: 3 });
    const list = (await call('GET', `/api/users/${id}/feedback`)).json();
    expect(list.stats).toEqual({ averageRating: 4.7, totalRatings: 3 });
    expect(list.feedback).toHaveLength(3);
    expect(list.feedback[0]).toMatchObject({
      toUserId: id,
      comment: expect.any(String),
      fromUser: { id: expect.any(String) },
    });
    expect(JSON.stringify(list)).not.toContain('@example.com');
  });

  it.each([
    [{ rating: 0 }, 'Please select a star rating before submitting'],
    [{ rating: 6 }, 'Please select a star rating before submitting'],
    [{ rating: 3.5 }, 'Please select a star rating before submitting'],
    [{ rating: 4, comment: 'x'.repeat(501) }, 'Comments must be at most 500 characters'],
  ])('validates %o', async (override, message) => {
    const response = await call('POST', '/api/feedback', offerer, {
      toUserId: owner.user.id,
      swapRequestId: 1,
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('counts only completed swaps, and answers zeros for a new member', async () => {
    const fresh = await registerMember(t.app);
    expect((await call('GET', `/api/users/${fresh.user.id}/swap-stats`)).json()).toEqual({
      totalSwaps: 0,
    });
    expect((await call('GET', `/api/users/${fresh.user.id}/rating-stats`)).json()).toEqual({
      averageRating: 0,
      totalRatings: 0,
    });
    await offer((await listItem(fresh)).id);
    expect((await call('GET', `/api/users/${fresh.user.id}/swap-stats`)).json()).toEqual({
      totalSwaps: 0,
    });
  });
});

describe('abuse limits', () => {
  it('answers 429 past the offer and message limits, and recovers when the window ends', async () => {
    const limited = await createTestApp({
      RATE_LIMIT_OFFERS_PER_HOUR: '2',
      RATE_LIMIT_MESSAGES_PER_FIVE_MINUTES: '2',
    });
    try {
      const [seller, buyer] = [
        await registerMember(limited.app),
        await registerMember(limited.app),
      ];
      const as = (who: Member, method: 'POST', url: string, payload: object) =>
        limited.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
      const item = (
        await as(seller, 'POST', '/api/items', {
          title: 'Lamp',
          description: 'Brass',
          condition: 'good',
        })
      ).json();
      const offers = [];
      for (let i = 0; i < 3; i++)
        offers.push(
          await as(buyer, 'POST', '/api/swap-requests', { itemId: item.id, message: `Offer ${i}` }),
        );
      expect(offers.map((r) => r.statusCode)).toEqual([201, 201, 429]);
      expect(offers[2]?.headers['retry-after']).toBeDefined();

      const url = `/api/swap-requests/${offers[0]?.json().id}/messages`;
      const sent = [];
      for (let i = 0; i < 3; i++)
        sent.push((await as(buyer, 'POST', url, { content: `Message ${i}` })).statusCode);
      expect(sent).toEqual([201, 201, 429]);

      await limited.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
      expect((await as(buyer, 'POST', url, { content: 'Back again' })).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
