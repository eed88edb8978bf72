import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTER_ITEM_NOT_SENDERS,
  COUNTER_SAME_ITEM,
  SWAP_NOT_FOUND,
} from '../../../shared/policies/swaps.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';

/** Issue 18 §5: counter-offers and withdrawals. */
type Member = Awaited<ReturnType<typeof registerMember>>;
type Offer = {
  id: number;
  status: string;
  fromUserId: string;
  toUserId: string;
  itemId: number;
  offeredItemId: number | null;
  counterOfId: number | null;
  counteredById: number | null;
  message: string;
};

let t: TestApp;
let owner: Member;
let sender: Member;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_OFFERS_PER_HOUR: '500' });
  [owner, sender, stranger] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app),
  ];
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, who?: Member, payload?: object) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

async function listItem(who: Member, title: string) {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'In good order',
    condition: 'good',
    categoryId: 7,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as { id: number };
}

/** `sender` offers their `offered` listing for `owner`'s `wanted` one. */
async function offer(from: Member, wanted: number, offered?: number): Promise<Offer> {
  const response = await call('POST', '/api/swap-requests', from, {
    itemId: wanted,
    offeredItemId: offered,
    message: 'Would you swap?',
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json();
}

const counter = (id: number, who: Member | undefined, body: object) =>
  call('POST', `/api/swap-requests/${id}/counter`, who, body);

const patch = (id: number, status: string, who?: Member) =>
  call('PATCH', `/api/swap-requests/${id}`, who, { status });

const get = async (id: number, who: Member): Promise<Offer> =>
  (await call('GET', `/api/swap-requests/${id}`, who)).json();

/** A fresh opening: owner's guitar wanted, sender's drum offered, sender's piano to ask for. */
async function opening() {
  const guitar = await listItem(owner, 'Guitar');
  const drum = await listItem(sender, 'Drum');
  const piano = await listItem(sender, 'Piano');
  const sent = await offer(sender, guitar.id, drum.id);
  return { guitar, drum, piano, sent };
}

describe('POST /api/swap-requests/:id/counter', () => {
  it("answers a pending offer with a new one for another of the sender's listings", async () => {
    const { guitar, piano, sent } = await opening();
    const response = await counter(sent.id, owner, {
      itemId: piano.id,
      message: '  Rather the piano?  ',
      // Whatever else the client sends is ignored.
      status: 'accepted',
      fromUserId: stranger.user.id,
    });
    expect(response.statusCode).toBe(201);
    const made: Offer = response.json();
    expect(made).toMatchObject({
      fromUserId: owner.user.id,
      toUserId: sender.user.id,
      itemId: piano.id,
      offeredItemId: guitar.id,
      status: 'pending',
      message: 'Rather the piano?',
      counterOfId: sent.id,
      counteredById: null,
      item: { id: piano.id, title: 'Piano' },
      offeredItem: { id: guitar.id, title: 'Guitar' },
    });
    expect(await get(sent.id, sender)).toMatchObject({
      status: 'countered',
      counteredById: made.id,
      counterOfId: null,
    });
    // Both parties see both offers in their lists.
    for (const who of [owner, sender]) {
      const ids = ((await call('GET', '/api/swap-requests', who)).json() as Offer[]).map(
        (o) => o.id,
      );
      expect(ids).toEqual(expect.arrayContaining([sent.id, made.id]));
    }
  });

  it('tells the sender once, as a counter-offer, not also as a new offer', async () => {
    const { piano, sent } = await opening();
    const before = (await call('GET', '/api/notifications', sender)).json().unread as number;
    expect(
      (await counter(sent.id, owner, { itemId: piano.id, message: 'Piano?' })).statusCode,
    ).toBe(201);
    const after = (await call('GET', '/api/notifications', sender)).json();
    expect(after.unread).toBe(before + 1);
    expect(after.items[0]).toMatchObject({
      type: 'offer-countered',
      text: `${owner.input.nickname} answered your offer on “Guitar” with a counter-offer`,
    });
  });

  it('makes a chain: the counter-offer can be countered in turn, then accepted', async () => {
    const { piano, sent } = await opening();
    const first: Offer = (
      await counter(sent.id, owner, { itemId: piano.id, message: 'Piano?' })
    ).json();
    const lamp = await listItem(owner, 'Lamp');
    const second = await counter(first.id, sender, { itemId: lamp.id, message: 'The lamp then?' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      fromUserId: sender.user.id,
      toUserId: owner.user.id,
      itemId: lamp.id,
      offeredItemId: piano.id,
      counterOfId: first.id,
    });
    expect(await get(first.id, owner)).toMatchObject({
      status: 'countered',
      counterOfId: sent.id,
      counteredById: second.json().id,
    });
    expect((await patch(second.json().id, 'accepted', owner)).json()).toMatchObject({
      status: 'accepted',
    });
    expect((await patch(second.json().id, 'completed', sender)).json().status).toBe('completed');
    // The first two stay as they were: the chain's history.
    expect((await get(sent.id, owner)).status).toBe('countered');
  });

  it('is for the receiver only: the sender 403, anyone else 404, a visitor 401', async () => {
    const { piano, sent } = await opening();
    const body = { itemId: piano.id, message: 'Hm' };
    const bySender = await counter(sent.id, sender, body);
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json()).toEqual({
      message: 'Only the member who received this offer can make a counter-offer',
    });
    const byStranger = await counter(sent.id, stranger, body);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toEqual({ message: SWAP_NOT_FOUND });
    expect((await counter(sent.id, undefined, body)).statusCode).toBe(401);
    expect((await counter(999999, owner, body)).json()).toEqual({ message: SWAP_NOT_FOUND });
    expect((await counter(999999, owner, body)).statusCode).toBe(404);
    expect((await get(sent.id, owner)).status).toBe('pending');
  });

  it('only while the offer is pending', async () => {
    for (const [status, who] of [
      ['accepted', owner],
      ['rejected', owner],
      ['withdrawn', sender],
    ] as const) {
      const { piano, sent } = await opening();
      expect((await patch(sent.id, status, who)).statusCode).toBe(200);
      const response = await counter(sent.id, owner, { itemId: piano.id, message: 'Piano?' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: `This offer is ${status}; it can no longer be countered.`,
      });
    }
    const { piano, sent } = await opening();
    expect(
      (await counter(sent.id, owner, { itemId: piano.id, message: 'Piano?' })).statusCode,
    ).toBe(201);
    const again = await counter(sent.id, owner, { itemId: piano.id, message: 'Piano!' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This offer is countered; it can no longer be countered.',
    });
  });

  it("asks only for another active listing of the sender's", async () => {
    const { guitar, drum, sent } = await opening();
    const ask = (itemId: number) => counter(sent.id, owner, { itemId, message: 'This one?' });

    const mine = await listItem(owner, 'Owner lamp');
    expect((await ask(mine.id)).statusCode).toBe(400);
    expect((await ask(mine.id)).json()).toEqual({ message: COUNTER_ITEM_NOT_SENDERS });
    expect((await ask(guitar.id)).json()).toEqual({ message: COUNTER_ITEM_NOT_SENDERS });
    const theirs = await listItem(stranger, 'Stranger lamp');
    expect((await ask(theirs.id)).json()).toEqual({ message: COUNTER_ITEM_NOT_SENDERS });
    expect((await ask(drum.id)).statusCode).toBe(400);
    expect((await ask(drum.id)).json()).toEqual({ message: COUNTER_SAME_ITEM });

    expect((await ask(999999)).statusCode).toBe(404);
    const deleted = await listItem(sender, 'Deleted vase');
    expect((await call('GET', `/api/items/${deleted.id}`)).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/items/${deleted.id}`,
      headers: { cookie: sender.cookie },
    });
    expect((await ask(deleted.id)).statusCode).toBe(404);
    expect((await ask(deleted.id)).json()).toEqual({ message: 'Item not found' });

    const inactive = await listItem(sender, 'Swapped kettle');
    await t.db.update(items).set({ isActive: false }).where(eq(items.id, inactive.id));
    expect((await ask(inactive.id)).statusCode).toBe(409);
    expect((await ask(inactive.id)).json()).toEqual({
      message: '“Swapped kettle” is no longer available',
    });

    const reserved = await listItem(sender, 'Reserved bike');
    await t.db.update(items).set({ reservedBy: 'circle:1' }).where(eq(items.id, reserved.id));
    expect((await ask(reserved.id)).statusCode).toBe(409);
    expect((await ask(reserved.id)).json()).toEqual({
      message: '“Reserved bike” is reserved for another trade',
    });

    // Nothing of that changed the offer.
    expect((await get(sent.id, owner)).status).toBe('pending');
  });

  it('refuses while the sender is suspended: their listings are off the market', async () => {
    const { piano, sent } = await opening();
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, sender.user.id));
    try {
      const response = await counter(sent.id, owner, { itemId: piano.id, message: 'Piano?' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: '“Piano” is no longer available' });
    } finally {
      await t.db.update(users).set({ suspendedAt: null }).where(eq(users.id, sender.user.id));
    }
    expect((await get(sent.id, owner)).status).toBe('pending');
  });

  it('refuses when the listing the offer wanted is gone', async () => {
    const { guitar, piano, sent } = await opening();
    await t.db.update(items).set({ isActive: false }).where(eq(items.id, guitar.id));
    const response = await counter(sent.id, owner, { itemId: piano.id, message: 'Piano?' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: '“Guitar” is no longer available' });
  });

  it.each([
    [{ message: 'Hi' }, 'itemId'],
    [{ itemId: 1 }, 'Please enter a message.'],
    [{ itemId: 1, message: '   ' }, 'Please enter a message.'],
    [{ itemId: 'x', message: 'Hi' }, 'itemId'],
    [{ itemId: 1, message: 'x'.repeat(2001) }, 'Messages must be at most 2000 characters'],
  ])('refuses a bad body %j with 400', async (body, words) => {
    const { sent } = await opening();
    const response = await counter(sent.id, owner, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(words);
  });

  it('lets two answers at once make one counter-offer', async () => {
    const { piano, sent } = await opening();
    const results = await Promise.all([
      counter(sent.id, owner, { itemId: piano.id, message: 'One' }),
      counter(sent.id, owner, { itemId: piano.id, message: 'Two' }),
      patch(sent.id, 'accepted', owner),
    ]);
    expect(results.filter((r) => r.statusCode < 300)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
  });
});

describe('withdrawing an offer', () => {
  it('is the sender’s move on a pending offer; the receiver gets 403', async () => {
    const { sent } = await opening();
    const byOwner = await patch(sent.id, 'withdrawn', owner);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({
      message: 'Only the member who sent this offer can withdraw it',
    });
    expect((await patch(sent.id, 'withdrawn', stranger)).statusCode).toBe(404);
    expect((await patch(sent.id, 'withdrawn')).statusCode).toBe(401);
    const bySender = await patch(sent.id, 'withdrawn', sender);
    expect(bySender.statusCode).toBe(200);
    expect(bySender.json().status).toBe('withdrawn');
    // Withdrawn is final.
    const accept = await patch(sent.id, 'accepted', owner);
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toEqual({
      message: 'This offer is withdrawn; it cannot become accepted.',
    });
  });

  it('is too late once the offer is accepted', async () => {
    const { sent } = await opening();
    await patch(sent.id, 'accepted', owner);
    const response = await patch(sent.id, 'withdrawn', sender);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This offer is accepted; it cannot become withdrawn.',
    });
  });

  it('tells the receiver that the sender withdrew', async () => {
    const { sent } = await opening();
    await patch(sent.id, 'withdrawn', sender);
    expect((await call('GET', '/api/notifications', owner)).json().items[0]).toMatchObject({
      type: 'offer-withdrawn',
      text: `${sender.input.nickname} withdrew their offer on “Guitar”`,
    });
  });

  it('cannot be set to countered by PATCH: a counter-offer names a listing', async () => {
    const { sent } = await opening();
    const response = await patch(sent.id, 'countered', owner);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'status must be pending, accepted, rejected, completed, withdrawn or cancelled',
    });
  });
});
