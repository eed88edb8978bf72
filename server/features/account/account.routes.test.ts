import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_MEMBER, WRONG_PASSWORD } from '../../../shared/account.js';
import { users } from '../../db/schema/users.js';
import {
  createTestApp,
  type Member,
  registerMember,
  requestAs,
  type TestApp,
} from '../../testing/app.js';
import { jpegDataUrl } from '../../testing/images.js';
import { readErasures } from './erasure-list.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'erase-admin@example.com', RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const as = (
  who: Member | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => requestAs(t.app, method, url, who, body);

async function listing(who: Member, title: string, photos = 1) {
  const images = [];
  for (let k = 0; k < photos; k++) images.push(await jpegDataUrl(64 + k, 48));
  const response = await as(who, 'POST', '/api/items', {
    title,
    description: `${title} to swap`,
    condition: 'good',
    images,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; images: string[] };
}

/** Ann (to be erased) and Bob: an offer of Ann's on Bob's lamp, a chat, a completed swap rated both ways. */
async function history() {
  const ann = await registerMember(t.app);
  const bob = await registerMember(t.app);
  const lamp = await listing(bob, 'Brass lamp');
  const book = await listing(ann, 'Old atlas', 2);
  const spare = await listing(ann, 'Spare kettle');
  const offer = await as(ann, 'POST', '/api/swap-requests', {
    itemId: lamp.id,
    offeredItemId: book.id,
    message: 'My atlas for your lamp?',
  });
  expect(offer.statusCode, offer.body).toBe(201);
  const id = offer.json().id as number;
  expect(
    (await as(ann, 'POST', `/api/swap-requests/${id}/messages`, { content: 'Hello Bob' }))
      .statusCode,
  ).toBe(201);
  expect(
    (await as(bob, 'POST', `/api/swap-requests/${id}/messages`, { content: 'Hi Ann' })).statusCode,
  ).toBe(201);
  expect(
    (await as(bob, 'PATCH', `/api/swap-requests/${id}`, { status: 'accepted' })).statusCode,
  ).toBe(200);
  expect(
    (await as(bob, 'PATCH', `/api/swap-requests/${id}`, { status: 'completed' })).statusCode,
  ).toBe(200);
  expect(
    (
      await as(bob, 'POST', '/api/feedback', {
        toUserId: ann.user.id,
        swapRequestId: id,
        rating: 5,
        comment: 'Lovely',
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await as(ann, 'POST', '/api/feedback', {
        toUserId: bob.user.id,
        swapRequestId: id,
        rating: 4,
        comment: 'Thanks Bob',
      })
    ).statusCode,
  ).toBe(201);
  // A pending offer of Ann's on another of Bob's listings, still open when she goes.
  const vase = await listing(bob, 'Blue vase');
  const open = await as(ann, 'POST', '/api/swap-requests', { itemId: vase.id, message: 'Vase?' });
  expect(open.statusCode, open.body).toBe(201);
  await as(ann, 'POST', `/api/items/${lamp.id}/save`, {});
  await as(ann, 'POST', '/api/saved-searches', { search: 'lamp', frequency: 'daily' });
  await as(ann, 'POST', '/api/page-views', { path: '/browse' });
  return { ann, bob, lamp, book, spare, vase, swapId: id, openId: open.json().id as number };
}

describe('GET /api/account/export', () => {
  it('is one JSON attachment of what the site holds about the member, and nothing private of others', async () => {
    const { ann, bob, swapId } = await history();
    const response = await as(ann, 'GET', '/api/account/export');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="swapmarket-data-/,
    );
    const data = response.json();
    expect(data.account.email).toBe(ann.input.email);
    expect(data.account).not.toHaveProperty('password');
    expect(data.listings.map((l: { title: string }) => l.title).sort()).toEqual([
      'Old atlas',
      'Spare kettle',
    ]);
    expect(
      data.listings.find((l: { title: string }) => l.title === 'Old atlas').photos,
    ).toHaveLength(2);
    expect(data.offers.map((o: { id: number }) => o.id)).toContain(swapId);
    expect(data.offerMessages.map((m: { content: string }) => m.content)).toEqual(
      expect.arrayContaining(['Hello Bob', 'Hi Ann']),
    );
    expect(data.ratingsGiven[0].comment).toBe('Thanks Bob');
    expect(data.ratingsReceived[0].comment).toBe('Lovely');
    expect(data.savedItems).toHaveLength(1);
    expect(data.savedSearches[0].search).toBe('lamp');
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.sessions)).not.toMatch(/sid/);
    expect(data.pageViews[0].path).toBe('/browse');
    expect(data.members).toEqual([{ id: bob.user.id, name: bob.input.nickname }]);
    expect(response.body).not.toContain(bob.input.email);
    expect(response.body).not.toContain(ann.input.password);
  });

  it('is for members only', async () => {
    expect((await as(null, 'GET', '/api/account/export')).statusCode).toBe(401);
  });

  it('reads a member with many offers a page at a time', async () => {
    const { ann, bob, lamp } = await history();
    // 1,200 offers of Ann's, made with SQL (the API's limits would take hours): three pages.
    await t.db.execute(sql`
      insert into swap_requests (from_user_id, to_user_id, item_id, message, status)
      select ${ann.user.id}, ${bob.user.id}, ${lamp.id}, 'Offer ' || n, 'rejected'
      from generate_series(1, 1200) n`);
    // The last of them has a chat: after 1,200 offers without one, it is still exported.
    await t.db.execute(sql`
      insert into messages (swap_request_id, from_user_id, content)
      select max(id), ${bob.user.id}, 'The last word' from swap_requests where from_user_id = ${ann.user.id}`);
    const response = await as(ann, 'GET', '/api/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.json().offers).toHaveLength(1202);
    expect(response.json().offerMessages.at(-1).content).toBe('The last word');
  });
});

describe('DELETE /api/account', () => {
  it('refuses a wrong password and erases nothing', async () => {
    const ann = await registerMember(t.app);
    const response = await as(ann, 'DELETE', '/api/account', { password: 'not-it' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(WRONG_PASSWORD);
    expect((await as(ann, 'GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses a missing password (400) and visitors (401)', async () => {
    const ann = await registerMember(t.app);
    expect((await as(ann, 'DELETE', '/api/account', {})).statusCode).toBe(400);
    expect((await as(null, 'DELETE', '/api/account', { password: 'x' })).statusCode).toBe(401);
  });

  it('erases the account: signed out, profile 404, sign-in refused, the address free again', async () => {
    const { ann, spare, book } = await history();
    const response = await as(ann, 'DELETE', '/api/account', { password: ann.input.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeDefined();
    expect((await as(ann, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await as(null, 'GET', `/api/users/${ann.user.id}`)).statusCode).toBe(404);
    expect((await as(null, 'GET', `/api/users/${ann.user.id}/activity`)).statusCode).toBe(404);
    const login = await as(null, 'POST', '/api/login', {
      email: ann.input.email,
      password: ann.input.password,
    });
    expect(login.statusCode).toBe(401);
    // Never traded: gone with its photo. Named by the swap: hidden, its first photo kept.
    expect((await as(null, 'GET', `/api/items/${spare.id}`)).statusCode).toBe(404);
    expect((await as(null, 'GET', spare.images[0] ?? '')).statusCode).toBe(404);
    expect((await as(null, 'GET', book.images[0] ?? '')).statusCode).toBe(200);
    expect((await as(null, 'GET', book.images[1] ?? '')).statusCode).toBe(404);
    const [row] = await t.db.select().from(users).where(eq(users.id, ann.user.id));
    expect(row?.email).not.toContain(ann.input.email);
    expect(row?.nickname).toBeNull();
    expect(row?.erasedAt).not.toBeNull();
    const again = await registerMember(t.app, {
      email: ann.input.email,
      nickname: ann.input.nickname,
    });
    expect(again.user.id).not.toBe(ann.user.id);
    expect(await readErasures(t.config.erasuresFile)).toContain(ann.user.id);
  });

  it('leaves the other party’s offer, chat and ratings whole, naming Deleted member and no one', async () => {
    const { ann, bob, swapId, openId } = await history();
    expect(
      (await as(ann, 'DELETE', '/api/account', { password: ann.input.password })).statusCode,
    ).toBe(200);
    const offers = (await as(bob, 'GET', '/api/swap-requests')).json();
    const swap = offers.find((o: { id: number }) => o.id === swapId);
    expect(swap.status).toBe('completed');
    expect(`${swap.fromUser.firstName} ${swap.fromUser.lastName}`).toBe(DELETED_MEMBER);
    expect(swap.fromUser.nickname).toBeNull();
    expect(swap.fromUser.profileImageUrl).toBeNull();
    // The open offer of Ann's is closed, saying why.
    const open = offers.find((o: { id: number }) => o.id === openId);
    expect(open.status).toBe('rejected');
    expect(open.closedReason).toMatch(/deleted their account/);
    const chat = (await as(bob, 'GET', `/api/swap-requests/${swapId}/messages`)).json();
    const messages = Array.isArray(chat) ? chat : chat.messages;
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['Hello Bob', 'Hi Ann']);
    const received = (await as(null, 'GET', `/api/users/${bob.user.id}/feedback`)).json();
    const rating = (Array.isArray(received) ? received : received.feedback).find(
      (f: { comment: string }) => f.comment === 'Thanks Bob',
    );
    expect(rating.rating).toBe(4);
    // Bob's notifications of Ann's offer and message stay, naming Deleted member.
    const told = (await as(bob, 'GET', '/api/notifications')).json();
    const notices = told.items as Array<{ text: string }>;
    expect(notices.length).toBeGreaterThan(0);
    expect(JSON.stringify(notices)).toContain(DELETED_MEMBER);
    // No trace of the person in what Bob reads.
    const bobSees = JSON.stringify([offers, chat, received, told]);
    expect(bobSees).not.toContain(ann.input.email);
    expect(bobSees).not.toContain(ann.input.nickname);
  });
});

describe('an erasure racing other moves', () => {
  it('leaves no open offer on the member’s listings, whichever commits first', async () => {
    for (let round = 0; round < 5; round++) {
      const ann = await registerMember(t.app);
      const bob = await registerMember(t.app);
      const kettle = await listing(ann, `Racing kettle ${round}`);
      const [erased, offered] = await Promise.all([
        as(ann, 'DELETE', '/api/account', { password: ann.input.password }),
        as(bob, 'POST', '/api/swap-requests', { itemId: kettle.id, message: 'Mine?' }),
      ]);
      expect(erased.statusCode, erased.body).toBe(200);
      expect([201, 404, 409], offered.body).toContain(offered.statusCode);
      const { rows } = await t.db.execute(sql`
        select id from swap_requests
        where status in ('pending', 'accepted') and (to_user_id = ${ann.user.id} or from_user_id = ${ann.user.id})`);
      expect(rows).toEqual([]);
    }
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('lets an admin erase a member, and no one else', async () => {
    const admin = await registerMember(t.app, { email: 'erase-admin@example.com' });
    const ann = await registerMember(t.app);
    const bob = await registerMember(t.app);
    expect((await as(bob, 'DELETE', `/api/admin/users/${ann.user.id}`)).statusCode).toBe(403);
    expect((await as(null, 'DELETE', `/api/admin/users/${ann.user.id}`)).statusCode).toBe(401);
    const erased = await as(admin, 'DELETE', `/api/admin/users/${ann.user.id}`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await as(ann, 'GET', '/api/auth/user')).statusCode).toBe(401);
    // Nobody left to moderate: the tombstone is not in the admins' list of accounts.
    const accounts = (await as(admin, 'GET', '/api/admin/users?limit=500')).json();
    expect(accounts.map((u: { id: string }) => u.id)).not.toContain(ann.user.id);
    expect(accounts.map((u: { id: string }) => u.id)).toContain(bob.user.id);
    // Once: an erased member is not there to erase again.
    expect((await as(admin, 'DELETE', `/api/admin/users/${ann.user.id}`)).statusCode).toBe(404);
    expect((await as(admin, 'DELETE', '/api/admin/users/nobody')).statusCode).toBe(404);
  });
});
