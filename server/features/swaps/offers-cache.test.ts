import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SwapRequest } from '../../../shared/swaps.js';
import { createPeerApp, createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { listeners, metricValues, until } from '../../testing/kept-state.js';

/**
 * Two app servers that keep members' pages of offers for a minute (OFFERS_CACHE_MS): far longer
 * than any test waits, so only a change's notice (migration 0019) can explain a page that changes.
 * Every change below is made with SQL behind both servers, except where a route makes it.
 */
const METRICS_TOKEN = 'offers-cache-metrics-token-0123456789';
let t: TestApp;
let peer: FastifyInstance;

type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMITS: 'false',
    OFFERS_CACHE_MS: '60000',
    METRICS_TOKEN: METRICS_TOKEN,
  });
  peer = await createPeerApp(t);
  await until(async () => (await listeners(t.db)).length === 2, 5000, 'two listening servers');
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

const run = (statement: SQL) => t.db.execute(statement);

/** Runs `statement` with every trigger off: no server hears of it. */
const runUnheard = (statement: SQL) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

async function pageOn(
  app: FastifyInstance,
  member: Member,
  query = '',
  headers: Record<string, string> = {},
): Promise<SwapRequest[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/swap-requests${query}`,
    headers: { ...headers, cookie: member.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The member's first page on both servers, read once so that both keep it. */
async function keptOnBoth(member: Member): Promise<void> {
  await pageOn(t.app, member);
  await pageOn(peer, member);
}

/** Waits until `check` holds on both servers, each within a second. */
async function holdsOnBoth(what: string, check: (app: FastifyInstance) => Promise<boolean>) {
  for (const [name, app] of [
    ['this server', t.app],
    ['the other server', peer],
  ] as const) {
    await until(() => check(app), 1000, `${what} on ${name}`);
  }
}

/** Waits until the member's first offer, on both servers, satisfies `check`. */
const seenOnBoth = (member: Member, what: string, check: (offer: SwapRequest) => boolean) =>
  holdsOnBoth(what, async (app) => {
    const [offer] = await pageOn(app, member);
    return offer !== undefined && check(offer);
  });

const lookups = () =>
  metricValues(t.app, METRICS_TOKEN, {
    memory: /^swapmarket_offers_page_lookups_total\{source="memory"\} (\d+)$/m,
    database: /^swapmarket_offers_page_lookups_total\{source="database"\} (\d+)$/m,
    entries: /^swapmarket_offers_page_cache_entries (\d+)$/m,
  });

/** The owner accepts the offer, on the first server. */
async function accept(owner: Member, id: number): Promise<void> {
  const accepted = await t.app.inject({
    method: 'PATCH',
    url: `/api/swap-requests/${id}`,
    payload: { status: 'accepted' },
    headers: { cookie: owner.cookie },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

type Trade = { owner: Member; offerer: Member; itemId: number; offeredItemId: number; id: number };

/** The offerer offers one of their listings for one of the owner's. */
async function trade(): Promise<Trade> {
  const owner = await registerMember(t.app);
  const offerer = await registerMember(t.app);
  const listing = async (member: Member, title: string) =>
    (
      await run(
        sql`insert into items (title, description, condition, user_id) values (${title}, 'A listing', 'good', ${member.user.id}) returning id`,
      )
    ).rows[0]?.id as number;
  const itemId = await listing(owner, 'Desk lamp');
  const offeredItemId = await listing(offerer, 'Road bike');
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/swap-requests',
    payload: {
      itemId,
      toUserId: owner.user.id,
      message: 'Swap?',
      offerDescription: null,
      offerImages: [],
      status: 'pending',
      offeredItemId,
    },
    headers: { cookie: offerer.cookie },
  });
  expect(made.statusCode, made.body).toBe(201);
  return { owner, offerer, itemId, offeredItemId, id: made.json().id };
}

describe("members' pages of offers kept in memory", () => {
  it('answers a page it has read from memory, so a change no server hears is not seen', async () => {
    const { owner, id } = await trade();
    const before = await lookups();
    await keptOnBoth(owner);
    await keptOnBoth(owner);
    const after = await lookups();
    expect(after.database - before.database).toBe(1);
    expect(after.memory - before.memory).toBe(1);
    expect(after.entries).toBeGreaterThanOrEqual(1);
    await runUnheard(sql`update swap_requests set message = 'Unheard' where id = ${id}`);
    expect((await pageOn(t.app, owner))[0]?.message).toBe('Swap?');
    expect((await pageOn(peer, owner))[0]?.message).toBe('Swap?');
    // Each page shape is its own answer.
    expect((await pageOn(peer, owner, '?limit=5'))[0]?.message).toBe('Unheard');
    // A client that knows of a change asks afresh, and the server keeps what it read then.
    const fresh = { 'cache-control': 'no-cache' };
    expect((await pageOn(peer, owner, '', fresh))[0]?.message).toBe('Unheard');
    expect((await pageOn(peer, owner))[0]?.message).toBe('Unheard');
    expect((await pageOn(t.app, owner))[0]?.message).toBe('Swap?');
  });

  it("an offer's change reaches both parties' pages on both servers within a second", async () => {
    const { owner, offerer, id } = await trade();
    await keptOnBoth(owner);
    await keptOnBoth(offerer);
    await run(sql`update swap_requests set status = 'accepted' where id = ${id}`);
    await seenOnBoth(owner, "the owner's accepted offer", (o) => o.status === 'accepted');
    await seenOnBoth(offerer, "the offerer's accepted offer", (o) => o.status === 'accepted');
  });

  it('a message sent, then read, changes the unread count on both servers', async () => {
    const { owner, offerer, id } = await trade();
    await keptOnBoth(owner);
    await run(
      sql`insert into messages (swap_request_id, from_user_id, content) values (${id}, ${offerer.user.id}, 'Still there?')`,
    );
    await seenOnBoth(owner, 'one unread message', (o) => o.unreadCount === 1);
    await run(sql`update messages set is_read = true where swap_request_id = ${id}`);
    await seenOnBoth(owner, 'no unread message', (o) => o.unreadCount === 0);
  });

  it("a rating shows as the rater's on both servers", async () => {
    const { owner, offerer, id } = await trade();
    await run(sql`update swap_requests set status = 'completed' where id = ${id}`);
    await keptOnBoth(owner);
    await run(
      sql`insert into feedback (from_user_id, to_user_id, swap_request_id, rating) values (${owner.user.id}, ${offerer.user.id}, ${id}, 5)`,
    );
    await seenOnBoth(owner, 'rated by me', (o) => o.ratedByMe);
  });

  it("a listing's new title, photo or removal reaches every page that shows it", async () => {
    const { owner, offerer, itemId, offeredItemId } = await trade();
    await keptOnBoth(owner);
    await keptOnBoth(offerer);
    await run(sql`update items set title = 'Brass desk lamp' where id = ${itemId}`);
    await seenOnBoth(offerer, 'the new title', (o) => o.item?.title === 'Brass desk lamp');
    await seenOnBoth(owner, 'the new title', (o) => o.item?.title === 'Brass desk lamp');
    await run(
      sql`update items set images = array['/uploads/bike.jpg'] where id = ${offeredItemId}`,
    );
    await seenOnBoth(
      owner,
      'the new photo',
      (o) => o.offeredItem?.images[0] === '/uploads/bike.jpg',
    );
    await run(sql`update items set deleted_at = now() where id = ${offeredItemId}`);
    await seenOnBoth(owner, 'the removed listing', (o) => o.offeredItem?.isRemoved === true);
  });

  it('a change to any listing of a bundle reaches every page that shows it (issue 38)', async () => {
    const { owner, offerer, itemId, offeredItemId } = await trade();
    const more = async (member: Member, title: string) =>
      (
        await run(
          sql`insert into items (title, description, condition, user_id) values (${title}, 'A listing', 'good', ${member.user.id}) returning id`,
        )
      ).rows[0]?.id as number;
    const rug = await more(owner, 'Kilim rug');
    const pump = await more(offerer, 'Track pump');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/swap-requests',
      payload: { itemIds: [itemId, rug], offeredItemIds: [offeredItemId, pump], message: 'All?' },
      headers: { cookie: offerer.cookie },
    });
    expect(made.statusCode, made.body).toBe(201);
    await keptOnBoth(owner);
    await keptOnBoth(offerer);
    // Neither is the first of its side, so neither is on the offer's own row.
    await run(sql`update items set title = 'Persian rug' where id = ${rug}`);
    await seenOnBoth(offerer, 'the new title', (o) => o.items[1]?.title === 'Persian rug');
    await seenOnBoth(owner, 'the new title', (o) => o.items[1]?.title === 'Persian rug');
    await run(sql`update items set images = array['/uploads/pump.jpg'] where id = ${pump}`);
    await seenOnBoth(
      owner,
      'the new photo',
      (o) => o.offeredItems[1]?.images[0] === '/uploads/pump.jpg',
    );
  });

  it('every other column a page shows of a listing or a party is told too', async () => {
    const { owner, offerer, itemId } = await trade();
    const changes: Array<[string, SQL, (offer: SwapRequest) => boolean]> = [
      [
        'condition',
        sql`update items set condition = 'fair' where id = ${itemId}`,
        (o) => o.item?.condition === 'fair',
      ],
      [
        'is_active',
        sql`update items set is_active = false where id = ${itemId}`,
        (o) => o.item?.isActive === false,
      ],
      [
        'user_id',
        sql`update items set user_id = ${offerer.user.id} where id = ${itemId}`,
        (o) => o.item?.userId === offerer.user.id,
      ],
      [
        'first_name',
        sql`update users set first_name = 'Ann' where id = ${offerer.user.id}`,
        (o) => o.fromUser?.firstName === 'Ann',
      ],
      [
        'last_name',
        sql`update users set last_name = 'Lee' where id = ${offerer.user.id}`,
        (o) => o.fromUser?.lastName === 'Lee',
      ],
      [
        'profile_image_url',
        sql`update users set profile_image_url = '/uploads/ann.jpg' where id = ${offerer.user.id}`,
        (o) => o.fromUser?.profileImageUrl === '/uploads/ann.jpg',
      ],
      [
        'email_verified_at',
        sql`update users set email_verified_at = now() where id = ${offerer.user.id}`,
        (o) => o.fromUser?.isMember === true,
      ],
    ];
    for (const [column, change, check] of changes) {
      await keptOnBoth(owner);
      expect(check((await pageOn(peer, owner))[0] as SwapRequest), column).toBe(false);
      await run(change);
      await seenOnBoth(owner, `the listing's or party's ${column}`, check);
    }
  });

  it("a party's new name reaches the other party's pages; an unshown change is not told", async () => {
    const { owner, offerer } = await trade();
    await keptOnBoth(owner);
    await run(sql`update users set nickname = 'cyclist_ann' where id = ${offerer.user.id}`);
    await seenOnBoth(owner, 'the new nickname', (o) => o.fromUser?.nickname === 'cyclist_ann');
    // A bio is not on the page: both servers keep answering from memory.
    const before = await lookups();
    await run(sql`update users set bio = 'Rides a lot' where id = ${offerer.user.id}`);
    await run(sql`update items set description = 'Bright' where user_id = ${owner.user.id}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pageOn(t.app, owner);
    const after = await lookups();
    expect(after.memory - before.memory).toBe(1);
    expect(after.database - before.database).toBe(0);
  });

  it('a counter-offer, a deleted offer and a truncated table reach both servers', async () => {
    const { owner, offerer, id } = await trade();
    const [another] = (
      await run(
        sql`insert into items (title, description, condition, user_id) values ('Tent', 'A tent', 'good', ${offerer.user.id}) returning id`,
      )
    ).rows as Array<{ id: number }>;
    await keptOnBoth(offerer);
    const countered = await t.app.inject({
      method: 'POST',
      url: `/api/swap-requests/${id}/counter`,
      payload: { itemId: another?.id, message: 'How about the tent instead?' },
      headers: { cookie: owner.cookie },
    });
    expect(countered.statusCode, countered.body).toBe(201);
    const offersOn = async (app: FastifyInstance) => (await pageOn(app, offerer)).length;
    await until(async () => (await offersOn(t.app)) === 2, 1000, 'the counter-offer here');
    await until(async () => (await offersOn(peer)) === 2, 1000, 'the counter-offer elsewhere');
    await run(sql`delete from swap_requests where counter_of_id = ${id}`);
    await until(async () => (await offersOn(t.app)) === 1, 1000, 'the deleted offer here');
    await until(async () => (await offersOn(peer)) === 1, 1000, 'the deleted offer elsewhere');
    await run(
      sql`insert into messages (swap_request_id, from_user_id, content) values (${id}, ${owner.user.id}, 'Hello')`,
    );
    await seenOnBoth(offerer, 'a message', (o) => o.unreadCount === 1);
    // With the table that refers to it (federated_messages, migration 0041).
    await run(sql`truncate messages cascade`);
    await seenOnBoth(offerer, 'no messages at all', (o) => o.unreadCount === 0);
  });

  it("an offer made as a counter to another reaches that one's parties too", async () => {
    const first = await trade();
    const second = await trade();
    await keptOnBoth(first.owner);
    // Made with SQL between two other members: the countered offer's parties are told all the same.
    const [counter] = (
      await run(
        sql`insert into swap_requests (from_user_id, to_user_id, item_id, message, status, counter_of_id)
            values (${second.offerer.user.id}, ${second.owner.user.id}, ${second.itemId}, 'Instead?', 'pending', ${first.id})
            returning id`,
      )
    ).rows as Array<{ id: number }>;
    await seenOnBoth(first.owner, 'countered by', (o) => o.counteredById === counter?.id);
  });

  it("a deleted account's offers leave the other party's pages on both servers", async () => {
    const { owner, offerer } = await trade();
    await keptOnBoth(owner);
    // The offers go by the foreign key's cascade, which the offers' own trigger hears.
    await run(sql`delete from users where id = ${offerer.user.id}`);
    for (const app of [t.app, peer])
      await until(async () => (await pageOn(app, owner)).length === 0, 1000, 'no offers left');
  });

  it("a party's write reads back at once on the server that answered it", async () => {
    const { owner, id } = await trade();
    await keptOnBoth(owner);
    await accept(owner, id);
    expect((await pageOn(t.app, owner))[0]?.status).toBe('accepted');
    await seenOnBoth(owner, 'accepted', (o) => o.status === 'accepted');
  });
});

describe("a write's author reads it back at once on the server that answered it", () => {
  // The write's answer waits until that server heard the notices of what it committed
  // (plugins/read-your-writes.ts); the other server hears them a moment later.
  const post = (member: Member, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: member.cookie } });

  it('sending a message, reading one and accepting the offer', async () => {
    const { owner, offerer, id } = await trade();
    await keptOnBoth(offerer);
    const [before] = await pageOn(peer, offerer);
    // The message moves the offer's latest activity on the sender's page.
    const sent = await post(offerer, `/api/swap-requests/${id}/messages`, { content: 'Hi!' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await pageOn(t.app, offerer))[0]?.updatedAt).not.toBe(before?.updatedAt);
    await seenOnBoth(offerer, 'the message', (offer) => offer.updatedAt !== before?.updatedAt);

    await keptOnBoth(owner);
    expect((await pageOn(peer, owner))[0]?.unreadCount).toBe(1);
    const read = await post(owner, `/api/swap-requests/${id}/messages/read`, {});
    expect(read.statusCode, read.body).toBe(200);
    expect((await pageOn(t.app, owner))[0]?.unreadCount).toBe(0);
    await seenOnBoth(owner, 'the read mark', (offer) => offer.unreadCount === 0);

    await accept(owner, id);
    expect((await pageOn(t.app, owner))[0]?.status).toBe('accepted');
    await seenOnBoth(owner, 'the acceptance', (offer) => offer.status === 'accepted');
  });
});

describe('pages of a chat kept in memory with the pages of offers', () => {
  type Message = { id: number; content: string; isRead: boolean; fromUser: { nickname: string } };

  async function chatOn(
    app: FastifyInstance,
    member: Member,
    id: number,
    headers: Record<string, string> = {},
  ): Promise<Message[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/swap-requests/${id}/messages`,
      headers: { ...headers, cookie: member.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** Waits until the chat's latest message, on both servers, satisfies `check`. */
  const chatSeenOnBoth = (
    member: Member,
    id: number,
    what: string,
    check: (m: Message) => boolean,
  ) =>
    holdsOnBoth(what, async (app) => {
      const latest = (await chatOn(app, member, id)).at(-1);
      return latest !== undefined && check(latest);
    });

  it('answers a chat it has read from memory, and afresh when the client asks', async () => {
    const { owner, offerer, id } = await trade();
    // Unheard, so no notice can arrive after the read below and forget what it kept.
    await runUnheard(
      sql`insert into messages (swap_request_id, from_user_id, content) values (${id}, ${offerer.user.id}, 'Is it still there?')`,
    );
    await chatOn(t.app, owner, id);
    const before = await lookups();
    const kept = await chatOn(t.app, owner, id);
    expect((await lookups()).memory - before.memory).toBe(1);
    await runUnheard(sql`update messages set content = 'Unheard' where swap_request_id = ${id}`);
    expect(await chatOn(t.app, owner, id)).toEqual(kept);
    expect((await chatOn(t.app, owner, id, { 'cache-control': 'no-cache' })).at(-1)?.content).toBe(
      'Unheard',
    );
    // Kept for that party alone: anyone else is still refused.
    const stranger = await registerMember(t.app);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/swap-requests/${id}/messages`,
      headers: { cookie: stranger.cookie },
    });
    expect(refused.statusCode).toBe(404);
    expect((await chatOn(t.app, offerer, id)).at(-1)?.content).toBe('Unheard');
  });

  it('shows every change to what a chat shows on both servers within a second', async () => {
    const { owner, offerer, id } = await trade();
    const keptBoth = async () => {
      await chatOn(t.app, owner, id);
      await chatOn(peer, owner, id);
    };
    await keptBoth();
    await run(
      sql`insert into messages (swap_request_id, from_user_id, content) values (${id}, ${offerer.user.id}, 'Still keen?')`,
    );
    await chatSeenOnBoth(owner, id, 'a new message', (m) => m.content === 'Still keen?');
    await keptBoth();
    await run(
      sql`update messages set content = 'Still keen on the lamp?' where content = 'Still keen?'`,
    );
    await chatSeenOnBoth(
      owner,
      id,
      'an edited text',
      (m) => m.content === 'Still keen on the lamp?',
    );
    await keptBoth();
    await run(sql`update messages set is_read = true where swap_request_id = ${id}`);
    await chatSeenOnBoth(owner, id, 'a read mark', (m) => m.isRead);
    await keptBoth();
    await run(sql`update users set nickname = 'keen_cyclist' where id = ${offerer.user.id}`);
    await chatSeenOnBoth(
      owner,
      id,
      "the author's new name",
      (m) => m.fromUser.nickname === 'keen_cyclist',
    );
  });

  it("shows a member's own message back at once on the server that took it", async () => {
    const { owner, id } = await trade();
    await chatOn(t.app, owner, id);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/swap-requests/${id}/messages`,
      payload: { content: 'Happy to meet on Saturday' },
      headers: { cookie: owner.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await chatOn(t.app, owner, id)).at(-1)?.content).toBe('Happy to meet on Saturday');
  });
});
