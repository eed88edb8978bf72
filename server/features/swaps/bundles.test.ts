import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LONGER_AVAILABLE, RESERVED_LISTING } from '../../../shared/policies/items.js';
import { items } from '../../db/schema/items.js';
import { rounds } from '../../db/schema/rounds.js';
import {
  createTestApp,
  listenOnLoopback,
  registerMember,
  type TestApp,
} from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import { putWants } from '../matching/matching.testing.js';

/** Issue 38 §1: offers with several listings a side, reserved while accepted, cancellable. */

type Member = Awaited<ReturnType<typeof registerMember>>;
type Summary = { id: number; title: string; isActive: boolean };
type Offer = {
  id: number;
  status: string;
  fromUserId: string;
  toUserId: string;
  itemId: number;
  offeredItemId: number | null;
  closedReason: string | null;
  counterOfId: number | null;
  item: Summary | null;
  offeredItem: Summary | null;
  items: Summary[];
  offeredItems: Summary[];
  changes: {
    items: { added: number[]; removed: number[] };
    offeredItems: { added: number[]; removed: number[] };
  } | null;
};

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

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: Member,
  payload?: object,
) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

async function list(who: Member, title: string): Promise<number> {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'In good order',
    condition: 'good',
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().id;
}

/** Lists one listing per title for `who`: their ids, in the same order. */
const lists = <T extends string[]>(who: Member, ...titles: T) =>
  Promise.all(titles.map((title) => list(who, title))) as Promise<{ [K in keyof T]: number }>;

const propose = (from: Member, itemIds: number[], offeredItemIds: number[] = []) =>
  call('POST', '/api/swap-requests', from, { itemIds, offeredItemIds, message: 'Swap these?' });

async function offer(from: Member, itemIds: number[], offeredItemIds: number[] = []) {
  const response = await propose(from, itemIds, offeredItemIds);
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as Offer;
}

const move = (id: number, who: Member, body: object) =>
  call('PATCH', `/api/swap-requests/${id}`, who, body);

const get = async (id: number, who: Member): Promise<Offer> =>
  (await call('GET', `/api/swap-requests/${id}`, who)).json();

const reservedBy = async (id: number) =>
  (await t.db.select({ by: items.reservedBy }).from(items).where(eq(items.id, id)))[0]?.by;

const ids = (summaries: Summary[]) => summaries.map((s) => s.id);

describe('POST /api/swap-requests with several listings a side', () => {
  it('asks for 1–5 listings of one member and offers 0–5 of the sender’s own, in order', async () => {
    const [lamp, rug, chair] = await lists(bob, 'Lamp', 'Rug', 'Bench');
    const [book, pen] = await lists(ann, 'Paperback', 'Fountain pen');
    const made = await offer(ann, [rug, lamp, chair], [pen, book]);
    expect(made).toMatchObject({
      fromUserId: ann.user.id,
      toUserId: bob.user.id,
      status: 'pending',
      itemId: rug,
      offeredItemId: pen,
      item: { id: rug, title: 'Rug' },
      offeredItem: { id: pen, title: 'Fountain pen' },
      changes: null,
    });
    expect(ids(made.items)).toEqual([rug, lamp, chair]);
    expect(ids(made.offeredItems)).toEqual([pen, book]);
    // Nothing offered: a request for the listings alone.
    const bare = await offer(ann, [lamp]);
    expect(bare).toMatchObject({ offeredItem: null, offeredItems: [], items: [{ id: lamp }] });
    // The list shows them as the single offer does (swaps.routes.test holds the whole shape).
    const page: Offer[] = (await call('GET', '/api/swap-requests?limit=200', bob)).json();
    const listed = page.find((o) => o.id === made.id);
    expect(listed).toEqual(await get(made.id, bob));
  });

  it('keeps the first shape: itemId and offeredItemId are one of each', async () => {
    const [kettle] = await lists(bob, 'Kettle');
    const [toaster] = await lists(ann, 'Toaster');
    const response = await call('POST', '/api/swap-requests', ann, {
      itemId: kettle,
      offeredItemId: toaster,
      message: 'Swap?',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      itemId: kettle,
      offeredItemId: toaster,
      items: [{ id: kettle, title: 'Kettle' }],
      offeredItems: [{ id: toaster, title: 'Toaster' }],
    });
    const alone = await call('POST', '/api/swap-requests', ann, {
      itemId: kettle,
      offeredItemId: null,
      message: 'Just the kettle?',
    });
    expect(alone.json()).toMatchObject({ items: [{ id: kettle }], offeredItems: [] });
  });

  it('refuses both shapes at once, nothing asked for, and more than 5 a side with 400', async () => {
    const [vase] = await lists(bob, 'Vase');
    const six = await lists(ann, 'A1', 'A2', 'A3', 'A4', 'A5', 'A6');
    const cases: Array<[object, string]> = [
      [
        { itemId: vase, itemIds: [vase] },
        'Send either itemIds and offeredItemIds or itemId and offeredItemId, not both',
      ],
      [
        { itemIds: [vase], offeredItemId: six[0] },
        'Send either itemIds and offeredItemIds or itemId and offeredItemId, not both',
      ],
      [{ itemIds: [] }, 'Name the listing you ask for (itemId or itemIds)'],
      [{ offeredItemIds: [six[0]] }, 'Name the listing you ask for (itemId or itemIds)'],
      [{ itemIds: [vase], offeredItemIds: six }, 'An offer names at most 5 listings a side'],
      [{ itemIds: [vase, 1, 2, 3, 4, 5] }, 'An offer names at most 5 listings a side'],
      [{ itemIds: [vase], offeredItemIds: ['x'] }, 'offeredItemIds must be a number'],
      [{ itemIds: 'all' }, 'itemIds must be a list of listing ids'],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/swap-requests', ann, { message: 'Hi', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('refuses with 400 naming the listing: two owners, not the sender’s, named twice', async () => {
    const [desk, shelf] = await lists(bob, 'Oak desk', 'Pine shelf');
    const [stool] = await lists(cat, 'Bar stool');
    const [mug, cup] = await lists(ann, 'Blue mug', 'Tea cup');
    const refusals: Array<[number[], number[], string]> = [
      [
        [desk, stool],
        [],
        '“Bar stool” belongs to another member: the listings an offer asks for are all one member’s',
      ],
      [[desk], [mug, stool], '“Bar stool” is not yours: an offer puts up your own listings only'],
      [[desk, shelf, desk], [], '“Oak desk” is named twice: an offer names each listing once'],
      [[desk], [mug, cup, mug], '“Blue mug” is named twice: an offer names each listing once'],
      [[desk, shelf], [shelf], '“Pine shelf” is named twice: an offer names each listing once'],
      [[desk, mug], [], '“Blue mug” is yours: You cannot make an offer on your own item'],
      [[mug], [], 'You cannot make an offer on your own item'],
      [[desk], [999_999], 'You can only offer one of your own available items'],
    ];
    for (const [asked, offered, message] of refusals) {
      const response = await propose(ann, asked, offered);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await propose(ann, [desk, 999_999])).statusCode).toBe(404);
    // Nothing of that was made.
    const page: Offer[] = (await call('GET', '/api/swap-requests?limit=200', bob)).json();
    expect(page.filter((o) => o.items.some((i) => i.id === desk))).toEqual([]);
  });

  it('refuses with 409 a listing off the market or reserved, on either side, naming it', async () => {
    const [clock, radio] = await lists(bob, 'Wall clock', 'Old radio');
    const [hat, scarf] = await lists(ann, 'Felt hat', 'Wool scarf');
    await t.db.update(items).set({ isActive: false }).where(eq(items.id, radio));
    expect((await propose(ann, [clock, radio])).json()).toEqual({
      message: '“Old radio” is no longer available',
    });
    await t.db.update(items).set({ isActive: false }).where(eq(items.id, scarf));
    const inactiveOffered = await propose(ann, [clock], [hat, scarf]);
    expect(inactiveOffered.statusCode).toBe(409);
    expect(inactiveOffered.json()).toEqual({ message: '“Wool scarf” is no longer available' });
    await t.db.update(items).set({ reservedBy: 'circle:99' }).where(eq(items.id, hat));
    const reserved = await propose(ann, [clock], [hat]);
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json()).toEqual({ message: '“Felt hat” is reserved for another trade' });
    await t.db.update(items).set({ reservedBy: null }).where(eq(items.id, hat));
    expect((await propose(ann, [clock], [hat])).statusCode).toBe(201);
  });

  it('refuses a listing of a community that does not follow this one, and a blocked member with 403', async () => {
    const [globe, atlas] = await lists(bob, 'Globe', 'Atlas');
    const [instance] = (
      await t.db.execute<{ id: number }>(sql`
        insert into instances (host, base_url, actor_url, inbox_url)
        values ('far.example', 'https://far.example', 'https://far.example/actor',
                'https://far.example/inbox') returning id`)
    ).rows;
    // The atlas as a listing of far.example's member: offers on it travel only to an instance
    // that follows this one and is followed back (federation-offers.test.ts), which far is not.
    await t.db.execute(sql`
      insert into users (id, email, password, nickname, origin_instance_id, actor_url)
      values ('far-member', 'far-member@remote.invalid', '!remote', 'fay@far.example',
              ${instance?.id}, 'https://far.example/actor/fay')`);
    await t.db.execute(
      sql`update items set origin_instance_id = ${instance?.id}, origin_url = 'https://far.example/item/1',
                 user_id = 'far-member' where id = ${atlas}`,
    );
    const remote = await propose(ann, [atlas]);
    expect(remote.statusCode).toBe(409);
    expect(remote.json().message).toMatch(/another community/);

    const dan = await registerMember(t.app);
    expect((await call('POST', `/api/users/${dan.user.id}/block`, bob)).statusCode).toBe(200);
    const blocked = await propose(dan, [globe]);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ message: 'You cannot contact this member' });
  });
});

describe('accepting reserves every listing of the offer', () => {
  it('holds both sides for the offer: no other offer, edit, circle or round takes one', async () => {
    const [guitar, amp] = await lists(bob, 'Guitar', 'Amplifier');
    const [drum, cymbal] = await lists(ann, 'Snare drum', 'Cymbal');
    const bundle = await offer(ann, [guitar, amp], [drum, cymbal]);
    // Cat asked for the amplifier first; her offer stays pending, and cannot be accepted now.
    const [banjo] = await lists(cat, 'Banjo');
    const earlier = await offer(cat, [amp], [banjo]);
    const accepted = await move(bundle.id, bob, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    for (const id of [guitar, amp, drum, cymbal])
      expect(await reservedBy(id)).toBe(`offer:${bundle.id}`);
    expect((await call('GET', `/api/items/${amp}`)).json()).toMatchObject({ isReserved: true });

    const late = await move(earlier.id, bob, { status: 'accepted' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: '“Amplifier” is reserved for another trade' });
    expect((await get(earlier.id, cat)).status).toBe('pending');
    const another = await propose(cat, [guitar]);
    expect(another.statusCode).toBe(409);
    expect(another.json()).toEqual({ message: '“Guitar” is reserved for another trade' });

    // The owners cannot change what was agreed (items/reserved-listings.test.ts for circles).
    const edit = await call('PUT', `/api/items/${cymbal}`, ann, {
      title: 'Cracked cymbal',
      description: 'x',
      condition: 'fair',
      categoryId: '6',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: RESERVED_LISTING });
    expect((await call('DELETE', `/api/items/${guitar}`, bob)).statusCode).toBe(409);

    // A circle naming one of them cannot be proposed; a round cannot take one as an entry.
    const [ukulele] = await lists(cat, 'Ukulele');
    const circle = await call('POST', '/api/circles', cat, { itemIds: [ukulele, guitar, drum] });
    expect(circle.statusCode).toBe(409);
    expect(circle.json().message).toMatch(/reserved for another trade/);
    const [round] = await t.db
      .insert(rounds)
      .values({
        organiserId: cat.user.id,
        title: 'Reserved bundle round',
        seed: 1,
        state: 'open',
        joinPolicy: 'anyone',
        entriesCloseAt: new Date(Date.now() + 3600_000),
        wantsCloseAt: new Date(Date.now() + 7200_000),
        shippingDeadline: new Date(Date.now() + 86400_000),
      })
      .returning({ id: rounds.id });
    const entry = await call('POST', `/api/rounds/${round?.id}/entries`, ann, { itemId: cymbal });
    expect(entry.statusCode).toBe(409);
    expect(entry.json().message).toMatch(/reserved for another trade/);
  });

  it('keeps a proposed circle from being accepted when an offer took one of its listings', async () => {
    const [kite] = await lists(ann, 'Kite');
    const [yoyo] = await lists(bob, 'Yo-yo');
    const [top] = await lists(cat, 'Spinning top');
    await putWants(t.app, ann.cookie, kite, [yoyo]);
    await putWants(t.app, bob.cookie, yoyo, [top]);
    await putWants(t.app, cat.cookie, top, [kite]);
    const proposed = await call('POST', '/api/circles', ann, { itemIds: [kite, yoyo, top] });
    expect(proposed.statusCode).toBe(201);
    const circleId = proposed.json().id;
    expect(
      (await call('PATCH', `/api/circles/${circleId}`, bob, { decision: 'accept' })).statusCode,
    ).toBe(200);
    // Before Cat accepts, Ann accepts Cat's offer on the kite: the kite is promised.
    const catsOffer = await offer(cat, [kite], [top]);
    expect((await move(catsOffer.id, ann, { status: 'accepted' })).statusCode).toBe(200);
    const last = await call('PATCH', `/api/circles/${circleId}`, cat, { decision: 'accept' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toMatch(/reserved for another trade/);
  });

  it('completion takes every listing off the market and closes the other offers on any of them', async () => {
    const [bike, helmet] = await lists(bob, 'Bike', 'Helmet');
    const [skates, board] = await lists(ann, 'Skates', 'Skateboard');
    const bundle = await offer(ann, [bike, helmet], [skates]);
    const onHelmet = await offer(cat, [helmet]);
    const [pump] = await lists(cat, 'Pump');
    // An offer elsewhere that puts up Ann's skates too.
    const withSkates = await offer(ann, [pump], [board, skates]);
    expect((await move(bundle.id, bob, { status: 'accepted' })).statusCode).toBe(200);
    expect((await move(bundle.id, ann, { status: 'completed' })).statusCode).toBe(200);
    for (const id of [bike, helmet, skates]) {
      const [row] = await t.db
        .select({ isActive: items.isActive, reservedBy: items.reservedBy })
        .from(items)
        .where(eq(items.id, id));
      expect(row).toEqual({ isActive: false, reservedBy: null });
    }
    expect(await reservedBy(board)).toBeNull();
    for (const [id, who] of [
      [onHelmet.id, cat],
      [withSkates.id, ann],
    ] as const) {
      expect(await get(id, who)).toMatchObject({
        status: 'rejected',
        closedReason: NO_LONGER_AVAILABLE,
      });
    }
  });
});

describe('cancelling an accepted offer', () => {
  async function acceptedBundle() {
    const [sofa, table] = await lists(bob, 'Sofa', 'Coffee table');
    const [lamp] = await lists(ann, 'Floor lamp');
    const made = await offer(ann, [sofa, table], [lamp]);
    expect((await move(made.id, bob, { status: 'accepted' })).statusCode).toBe(200);
    return { ...made, listings: [sofa, table, lamp] };
  }

  it('is either party’s, with a reason: the listings are free again and the other is told', async () => {
    for (const [canceller, other] of [
      [bob, ann],
      [ann, bob],
    ] as const) {
      const made = await acceptedBundle();
      const base = await listenOnLoopback(t.app);
      const stream = await openEventStream(base, other.cookie);
      const name = canceller.input.nickname;
      try {
        const cancelled = await move(made.id, canceller, {
          status: 'cancelled',
          reason: '  The van broke down  ',
        });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        expect(cancelled.json()).toMatchObject({
          status: 'cancelled',
          closedReason: `Cancelled by ${name}: The van broke down`,
        });
        await stream.next((e) => e.type === 'swap-request' && e.swapRequestId === made.id);
      } finally {
        stream.close();
      }
      for (const id of made.listings) expect(await reservedBy(id)).toBeNull();
      const told = (await call('GET', '/api/notifications', other)).json();
      expect(told.items[0]).toMatchObject({
        type: 'offer-cancelled',
        text: expect.stringContaining('The van broke down'),
      });
      // The listings are their owners' again, and on offer to others.
      expect(
        (
          await call('PUT', `/api/items/${made.listings[2]}`, ann, {
            title: 'Floor lamp, rewired',
            description: 'x',
            condition: 'good',
            categoryId: '6',
          })
        ).statusCode,
      ).toBe(200);
      const next = await offer(cat, [made.listings[0] as number]);
      expect((await move(next.id, bob, { status: 'accepted' })).statusCode).toBe(200);
      // Nothing moves a cancelled offer again.
      const again = await move(made.id, ann, { status: 'completed' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(`Cancelled by ${name}: The van broke down`);
    }
  });

  it('needs a reason of 1–500 characters, and only an accepted offer (pending or completed: 409)', async () => {
    const made = await acceptedBundle();
    for (const [body, message] of [
      [{ status: 'cancelled' }, 'Please say why you are cancelling this swap'],
      [{ status: 'cancelled', reason: '   ' }, 'Please say why you are cancelling this swap'],
      [
        { status: 'cancelled', reason: 'x'.repeat(501) },
        'The reason must be at most 500 characters',
      ],
      [{ status: 'cancelled', reason: 42 }, 'Please say why you are cancelling this swap'],
    ] as const) {
      const response = await move(made.id, bob, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await move(made.id, cat, { status: 'cancelled', reason: 'Mine' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call('PATCH', `/api/swap-requests/${made.id}`, undefined, {
          status: 'cancelled',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(401);
    expect((await get(made.id, ann)).status).toBe('accepted');

    const [mat] = await lists(bob, 'Door mat');
    const pending = await offer(ann, [mat]);
    const early = await move(pending.id, ann, { status: 'cancelled', reason: 'Changed my mind' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      message: 'This offer is pending; it cannot become cancelled.',
    });
    expect((await move(made.id, ann, { status: 'completed' })).statusCode).toBe(200);
    const late = await move(made.id, bob, { status: 'cancelled', reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'This offer is completed; it cannot become cancelled.',
    });
  });
});

describe('a counter-offer that changes both sides', () => {
  it('asks for other listings of the sender, puts up others of the counterer, and says what changed', async () => {
    const [violin, bow, case_] = await lists(bob, 'Violin', 'Bow', 'Violin case');
    const [flute, piccolo, stand] = await lists(ann, 'Flute', 'Piccolo', 'Music stand');
    // Ann offers her flute and piccolo for Bob's violin.
    const opening = await offer(ann, [violin], [flute, piccolo]);
    // Bob: the flute and the stand (not the piccolo), for the violin and its bow.
    const countered = await call('POST', `/api/swap-requests/${opening.id}/counter`, bob, {
      itemIds: [flute, stand],
      offeredItemIds: [violin, bow],
      message: 'The stand rather than the piccolo, and I add the bow',
    });
    expect(countered.statusCode, countered.body).toBe(201);
    const counter: Offer = countered.json();
    expect(counter).toMatchObject({
      fromUserId: bob.user.id,
      toUserId: ann.user.id,
      counterOfId: opening.id,
      itemId: flute,
      offeredItemId: violin,
      changes: {
        items: { added: [stand], removed: [piccolo] },
        offeredItems: { added: [bow], removed: [] },
      },
    });
    expect(ids(counter.items)).toEqual([flute, stand]);
    expect(ids(counter.offeredItems)).toEqual([violin, bow]);
    expect((await get(opening.id, ann)).status).toBe('countered');
    expect((await get(opening.id, ann)).changes).toBeNull();

    // Ann answers: she may ask only for Bob's listings, and put up only her own.
    const answer = (body: object) =>
      call('POST', `/api/swap-requests/${counter.id}/counter`, ann, { message: 'Hm', ...body });
    expect((await answer({ itemIds: [piccolo] })).json()).toEqual({
      message: 'A counter-offer asks for one of the listings of the member who made the offer',
    });
    expect((await answer({ itemIds: [violin], offeredItemIds: [case_] })).json()).toEqual({
      message: '“Violin case” is not yours: an offer puts up your own listings only',
    });
    const same = await call('POST', `/api/swap-requests/${counter.id}/counter`, ann, {
      itemIds: [bow, violin],
      offeredItemIds: [stand, flute],
      message: 'Same again',
    });
    expect(same.json()).toEqual({
      message: 'This counter-offer names exactly what the offer does: accept the offer instead',
    });
    const back = await call('POST', `/api/swap-requests/${counter.id}/counter`, ann, {
      itemId: violin,
      message: 'Just the violin, then',
    });
    expect(back.statusCode, back.body).toBe(201);
    const third: Offer = back.json();
    expect(ids(third.items)).toEqual([violin]);
    expect(ids(third.offeredItems)).toEqual([flute, stand]);
    expect(third.changes).toEqual({
      items: { added: [], removed: [bow] },
      offeredItems: { added: [], removed: [] },
    });
    // The list says the same as each offer alone.
    const page: Offer[] = (await call('GET', '/api/swap-requests?limit=200', bob)).json();
    for (const version of [opening, counter, third]) {
      expect(page.find((o) => o.id === version.id)).toEqual(await get(version.id, bob));
    }
    // Only the latest version can be accepted.
    expect((await move(counter.id, ann, { status: 'accepted' })).statusCode).toBe(409);
    expect((await move(third.id, bob, { status: 'accepted' })).statusCode).toBe(200);
    for (const id of [violin, flute, stand]) expect(await reservedBy(id)).toBe(`offer:${third.id}`);
    expect(await reservedBy(bow)).toBeNull();
  });

  it('follows a new offer’s rules: one owner, own listings, nothing twice, at most 5', async () => {
    const [oboe] = await lists(bob, 'Oboe');
    const [harp, lute] = await lists(ann, 'Harp', 'Lute');
    const [horn] = await lists(cat, 'Horn');
    const opening = await offer(ann, [oboe], [harp]);
    const counter = (body: object) =>
      call('POST', `/api/swap-requests/${opening.id}/counter`, bob, { message: 'Hm', ...body });
    expect((await counter({ itemIds: [harp], offeredItemIds: [horn] })).json()).toEqual({
      message: '“Horn” is not yours: an offer puts up your own listings only',
    });
    expect((await counter({ itemIds: [harp, lute, harp] })).json()).toEqual({
      message: '“Harp” is named twice: an offer names each listing once',
    });
    expect((await counter({ itemIds: [harp, horn] })).json()).toEqual({
      message: `“Horn”: A counter-offer asks for one of the listings of the member who made the offer`,
    });
    expect((await counter({ itemIds: [lute], offeredItemIds: [oboe, oboe] })).statusCode).toBe(400);
    expect((await counter({ itemIds: [1, 2, 3, 4, 5, 6] })).json()).toEqual({
      message: 'An offer names at most 5 listings a side',
    });
    expect((await counter({ itemId: lute, itemIds: [lute] })).statusCode).toBe(400);
    // Nothing asked in return is a counter too: the lute for nothing.
    const gift = await counter({ itemIds: [lute], offeredItemIds: [] });
    expect(gift.statusCode).toBe(201);
    expect(gift.json()).toMatchObject({
      offeredItems: [],
      changes: {
        items: { added: [lute], removed: [harp] },
        offeredItems: { added: [], removed: [oboe] },
      },
    });
  });
});
