import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import { openEventStream } from '../../testing/event-stream.js';
import { callAt as call, eventually, type TestInstance } from '../../testing/instances.js';
import {
  followingPair,
  hostOf,
  list,
  type Member,
  move,
  offerAcross,
  offerSeen,
  offersOf,
  WITHIN,
} from '../../testing/offers-across.js';

/**
 * Swaps across instances after the offer (issue 39 §1): chat, completion, cancellation and
 * ratings between members of two real instances on loopback that follow each other, each move
 * made on one side and seen on the other within 5 s.
 */
let east: TestInstance;
let west: TestInstance;

beforeAll(async () => {
  [east, west] = await followingPair();
}, 60_000);
afterAll(async () => {
  await Promise.all([east?.close(), west?.close()]);
});

type MessageView = { id: number; content: string; isRead: boolean; fromUser: { nickname: string } };

/** The chat of offer `id` as `who` reads it on `at` now. */
async function chatOf(at: TestInstance, who: Member, id: number): Promise<MessageView[]> {
  const read = await at.app.inject({
    method: 'GET',
    url: `/api/swap-requests/${id}/messages`,
    headers: { cookie: who.cookie, 'cache-control': 'no-cache' },
  });
  expect(read.statusCode, read.body).toBe(200);
  const body = read.json();
  return Array.isArray(body) ? body : body.messages;
}

const say = (at: TestInstance, who: Member, id: number, content: string) =>
  call(at, 'POST', `/api/swap-requests/${id}/messages`, who, { content });

/** The message `content` in the chat of offer `id` on `at`, once it arrived. */
const arrived = (at: TestInstance, who: Member, id: number, content: string) =>
  eventually(
    `"${content}" in the chat on ${at.url}`,
    async () => (await chatOf(at, who, id)).find((message) => message.content === content),
    WITHIN,
  );

/** An offer across, accepted by its owner on west and seen accepted on east. */
async function acceptedAcross(title: string, message: string) {
  const offer = await offerAcross(east, west, title, message);
  const accepted = await move(west, offer.bob, offer.received.id, 'accepted');
  expect(accepted.statusCode, accepted.body).toBe(200);
  await offerSeen(east, offer.ann, message, 'accepted');
  return offer;
}

const isActive = async (at: TestInstance, id: number) => {
  const { rows } = await at.db.execute<{ is_active: boolean; reserved_by: string | null }>(
    sql`select is_active, reserved_by from items where id = ${id}`,
  );
  return rows[0];
};

describe('chat across instances', () => {
  it('carries messages both ways within 5 s, read marks kept on each side', async () => {
    const { ann, bob, sent, received } = await acceptedAcross('Cello', 'Cello swap?');
    // Bob's page on west listens to its live events, as a browser does.
    const live = await openEventStream(west.url, bob.cookie);
    const started = Date.now();
    const hello = await say(east, ann, sent, 'When can we meet?');
    expect(hello.statusCode, hello.body).toBe(201);
    const there = await arrived(west, bob, received.id, 'When can we meet?');
    console.info(`a chat Note east → west took ${Date.now() - started} ms on loopback`);
    expect(there.fromUser.nickname).toBe(`${ann.user.nickname}@${hostOf(east)}`);
    expect(there.isRead).toBe(false);
    // The live event fired on west as for a local message.
    expect(
      await live.next((event) => event.type === 'message' && event.swapRequestId === received.id),
    ).toEqual({ type: 'message', swapRequestId: received.id, messageId: there.id });
    live.close();
    // Bob is told as for a local message.
    const told = await call(west, 'GET', '/api/notifications', bob);
    expect(JSON.stringify(told.json())).toMatch(/sent you a message/);
    // He reads it: marked on west only (read marks are each side's own).
    const read = await call(west, 'POST', `/api/swap-requests/${received.id}/messages/read`, bob);
    expect(read.json().read).toBe(1);
    const reply = await say(west, bob, received.id, 'Saturday at the market');
    expect(reply.statusCode, reply.body).toBe(201);
    const back = await arrived(east, ann, sent, 'Saturday at the market');
    expect(back.fromUser.nickname).toBe(`${bob.user.nickname}@${hostOf(west)}`);
    // Each side holds the two messages once, in order.
    expect((await chatOf(east, ann, sent)).map((message) => message.content)).toEqual([
      'When can we meet?',
      'Saturday at the market',
    ]);
    expect((await chatOf(west, bob, received.id)).map((message) => message.content)).toEqual([
      'When can we meet?',
      'Saturday at the market',
    ]);
  });

  it('carries messages on a pending offer too, as local chat allows', async () => {
    const { ann, bob, sent, received } = await offerAcross(east, west, 'Banjo', 'Banjo?');
    expect((await say(west, bob, received.id, 'Tell me more')).statusCode).toBe(201);
    await arrived(east, ann, sent, 'Tell me more');
  });

  it('refuses a message once the other party blocked its author, on either side', async () => {
    const { ann, bob, sent, received } = await acceptedAcross('Flute', 'Flute?');
    // Bob blocks Ann on west: her messages are refused there even when east sends them.
    const blocked = await call(west, 'POST', `/api/users/${received.fromUser.id}/block`, bob);
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    expect((await say(east, ann, sent, 'Are you there?')).statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await chatOf(west, bob, received.id)).toEqual([]);
  });
});

describe('completion and cancellation across instances', () => {
  it('completes on both sides when either party completes, listings off the market at home', async () => {
    const { ann, bob, bobs, anns, bobsOnEast, sent, received } = await offerAcross(
      east,
      west,
      'Harp',
      'Harp?',
    );
    // Carl's offer on Bob's harp, on west, made before Bob accepts Ann's, stays open until the
    // swap is done.
    const carl = await registerMember(west.app);
    const carls = await list(west, carl, 'Carl spare');
    const other = await call(west, 'POST', '/api/swap-requests', carl, {
      itemIds: [bobs],
      offeredItemIds: [carls],
      message: 'Your harp later?',
    });
    expect(other.statusCode, other.body).toBe(201);
    expect((await move(west, bob, received.id, 'accepted')).statusCode).toBe(200);
    await offerSeen(east, ann, 'Harp?', 'accepted');
    const completed = await move(east, ann, sent, 'completed');
    expect(completed.statusCode, completed.body).toBe(200);
    await offerSeen(west, bob, 'Harp?', 'completed');
    // Each listing off the market at its home, and the copies with them within 5 s (a copy also
    // hears its home's updates, which may arrive after the completion here).
    expect((await isActive(west, bobs))?.is_active).toBe(false);
    expect((await isActive(east, anns))?.is_active).toBe(false);
    await eventually(
      'the harp’s copy on east off the market',
      async () => ((await isActive(east, bobsOnEast))?.is_active === false ? true : undefined),
      WITHIN,
    );
    // Carl's offer on the harp is closed at home, as a local completion closes it.
    await offerSeen(west, carl, 'Your harp later?', 'rejected');
    // Completed once: a second completion from either side is refused.
    const done = await offerSeen(west, bob, 'Harp?', 'completed');
    expect((await move(west, bob, done.id, 'completed')).statusCode).toBe(409);
  });

  it('cancels on both sides with the reason, freeing the listings on both', async () => {
    const { ann, bob, bobs, anns, bobsOnEast, received } = await acceptedAcross('Lute', 'Lute?');
    expect((await isActive(west, bobs))?.reserved_by).toBe(`offer:${received.id}`);
    const cancelled = await move(west, bob, received.id, 'cancelled', 'It broke, sorry');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const seen = await offerSeen(east, ann, 'Lute?', 'cancelled');
    expect(seen.closedReason).toMatch(/It broke, sorry/);
    expect((await isActive(west, bobs))?.reserved_by).toBeNull();
    expect((await isActive(east, anns))?.reserved_by).toBeNull();
    expect((await isActive(east, bobsOnEast))?.reserved_by).toBeNull();
  });
});

describe('the two sides agree', () => {
  it('cancels an accept on the owner’s side when what the sender put up was promised elsewhere meanwhile', async () => {
    const { ann, bob, bobs, anns, received } = await offerAcross(east, west, 'Gong', 'Gong?');
    // Dave, on east, gets Ann's listing first: Ann accepts his offer, so it is reserved for him.
    const dave = await registerMember(east.app);
    const daves = await list(east, dave, 'Dave spare');
    const local = await call(east, 'POST', '/api/swap-requests', dave, {
      itemIds: [anns],
      offeredItemIds: [daves],
      message: 'Dave first',
    });
    expect(local.statusCode, local.body).toBe(201);
    expect((await move(east, ann, local.json().id, 'accepted')).statusCode).toBe(200);
    // Bob accepts Ann's offer on west: east cannot hold Ann's listing for it.
    expect((await move(west, bob, received.id, 'accepted')).statusCode).toBe(200);
    const closed = await offerSeen(east, ann, 'Gong?', 'rejected');
    expect(closed.closedReason).toMatch(/reserved/);
    const cancelled = await offerSeen(west, bob, 'Gong?', 'cancelled');
    expect(cancelled.closedReason).toMatch(/reserved/);
    expect((await isActive(west, bobs))?.reserved_by).toBeNull();
  });
});

describe('ratings across instances', () => {
  it('puts each party’s rating on the other’s profile at home, once per swap', async () => {
    const { ann, bob, sent, received } = await acceptedAcross('Ocarina', 'Ocarina?');
    expect((await move(west, bob, received.id, 'completed')).statusCode).toBe(200);
    // Bob rates at once: his rating may reach east before his completion does.
    const bobRates = await call(west, 'POST', '/api/feedback', bob, {
      toUserId: received.fromUser.id,
      swapRequestId: received.id,
      rating: 4,
      comment: 'Quick and kind',
    });
    expect(bobRates.statusCode, bobRates.body).toBe(201);
    await offerSeen(east, ann, 'Ocarina?', 'completed');
    const annRates = await call(east, 'POST', '/api/feedback', ann, {
      toUserId: (await offersOf(east, ann))[0]?.toUser.id,
      swapRequestId: sent,
      rating: 5,
      comment: 'Lovely ocarina',
    });
    expect(annRates.statusCode, annRates.body).toBe(201);
    const onProfile = (at: TestInstance, who: Member, comment: string) =>
      eventually(
        `"${comment}" on ${who.user.nickname}'s profile on ${at.url}`,
        async () => {
          const got = (await call(at, 'GET', `/api/users/${who.user.id}/feedback`)).json();
          return (got.feedback as Array<{ comment: string; rating: number }>).find(
            (entry) => entry.comment === comment,
          );
        },
        WITHIN,
      );
    expect((await onProfile(west, bob, 'Lovely ocarina')).rating).toBe(5);
    expect((await onProfile(east, ann, 'Quick and kind')).rating).toBe(4);
    // Once per swap, on each side.
    const again = await call(east, 'POST', '/api/feedback', ann, {
      toUserId: (await offersOf(east, ann))[0]?.toUser.id,
      swapRequestId: sent,
      rating: 1,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('counter-offers across instances', () => {
  it('carries a counter-offer as an Offer in reply, countering the offer on both sides', async () => {
    const { ann, bob, received } = await offerAcross(east, west, 'Drum', 'Drum for my tent?');
    const bobsOther = await list(west, bob, 'Spare drumsticks');
    // Bob asks for Ann's tent (held on west) and puts up his drumsticks instead of the drum.
    const counter = await call(west, 'POST', `/api/swap-requests/${received.id}/counter`, bob, {
      itemIds: received.offeredItems.map((item) => item.id),
      offeredItemIds: [bobsOther],
      message: 'Drumsticks instead?',
    });
    expect(counter.statusCode, counter.body).toBe(201);
    await offerSeen(east, ann, 'Drum for my tent?', 'countered');
    const there = await offerSeen(east, ann, 'Drumsticks instead?', 'pending');
    expect(there.fromUser.nickname).toBe(`${bob.user.nickname}@${hostOf(west)}`);
    expect(there.items.map((item) => item.id)).toEqual([
      (await offersOf(east, ann)).find((offer) => offer.message === 'Drum for my tent?')
        ?.offeredItems[0]?.id,
    ]);
    // Ann, who received the counter, accepts it on east: accepted on west too.
    expect((await move(east, ann, there.id, 'accepted')).statusCode).toBe(200);
    await offerSeen(west, bob, 'Drumsticks instead?', 'accepted');
    // The countered offer is no longer Bob's to accept on west.
    expect((await move(west, bob, received.id, 'accepted')).statusCode).toBe(409);
  });
});
