import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Matches } from '../../../shared/matching.js';
import { CANNOT_CONTACT } from '../../../shared/policies/members.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { findAlertsForListing } from '../alerts/standing-query.js';
import { createListing, putWants } from '../matching/matching.testing.js';

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

const call = (
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  who: Member | null,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

const block = (who: Member, whom: Member) => call('POST', `/api/users/${whom.user.id}/block`, who);
const unblock = (who: Member, whom: Member) =>
  call('DELETE', `/api/users/${whom.user.id}/block`, who);
const offer = (from: Member, itemId: number) =>
  call('POST', '/api/swap-requests', from, { itemId, message: 'Swap?' });

describe('blocks', () => {
  it('are set, listed and lifted by the member; not on oneself, an unknown member or signed out', async () => {
    expect((await block(ann, bob)).json()).toEqual({ blocked: true });
    expect((await block(ann, bob)).statusCode).toBe(200);
    const list = (await call('GET', '/api/blocks', ann)).json();
    expect(list.map((b: { user: { id: string } }) => b.user.id)).toEqual([bob.user.id]);
    expect(list[0].user).not.toHaveProperty('email');
    expect((await call('GET', '/api/blocks', bob)).json()).toEqual([]);
    expect((await unblock(ann, bob)).json()).toEqual({ blocked: false });
    expect((await call('GET', '/api/blocks', ann)).json()).toEqual([]);

    const self = await block(ann, ann);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot block yourself');
    expect((await call('POST', '/api/users/nobody-here/block', ann)).statusCode).toBe(404);
    expect((await call('POST', `/api/users/${bob.user.id}/block`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/blocks', null)).statusCode).toBe(401);
  });

  it('stop offers, counter-offers and messages both ways, keeping the conversation readable', async () => {
    const annsLamp = await createListing(t.app, ann.cookie, { title: 'Block lamp' });
    const bobsBook = await createListing(t.app, bob.cookie, { title: 'Block book' });
    const bobsDrum = await createListing(t.app, bob.cookie, { title: 'Block drum' });
    const open = await call('POST', '/api/swap-requests', bob, {
      itemId: annsLamp,
      offeredItemId: bobsBook,
      message: 'Swap?',
    });
    expect(open.statusCode).toBe(201);
    const swapId = open.json().id;
    await call('POST', `/api/swap-requests/${swapId}/messages`, bob, { content: 'Hello' });

    await block(ann, bob);
    try {
      for (const response of [
        await offer(bob, annsLamp),
        await offer(ann, bobsBook),
        await call('POST', `/api/swap-requests/${swapId}/messages`, bob, { content: 'Still?' }),
        await call('POST', `/api/swap-requests/${swapId}/messages`, ann, { content: 'No' }),
        await call('POST', `/api/swap-requests/${swapId}/counter`, ann, {
          itemId: bobsDrum,
          message: 'Rather this',
        }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(CANNOT_CONTACT);
      }
      const messages = await call('GET', `/api/swap-requests/${swapId}/messages`, ann);
      expect(messages.json().map((m: { content: string }) => m.content)).toEqual(['Hello']);
      // Others are not affected.
      expect((await offer(cat, annsLamp)).statusCode).toBe(201);
    } finally {
      await unblock(ann, bob);
    }
    expect((await offer(bob, annsLamp)).statusCode).toBe(201);
  });

  it('take each member’s listings out of the other’s matches and alerts, and out of circles', async () => {
    const annsTent = await createListing(t.app, ann.cookie, { title: 'Blocked tent' });
    const bobsStove = await createListing(t.app, bob.cookie, { title: 'Blocked stove' });
    await putWants(t.app, ann.cookie, annsTent, [bobsStove]);
    const wanted = async () =>
      ((await call('GET', '/api/matches', ann)).json() as Matches).wanted.map((w) => w.id);
    expect(await wanted()).toContain(bobsStove);

    const alert = await call('POST', '/api/saved-searches', ann, {
      search: 'harmonium',
      frequency: 'instant',
    });
    expect(alert.statusCode).toBe(201);
    await block(bob, ann);
    try {
      expect(await wanted()).not.toContain(bobsStove);
      const harmonium = await createListing(t.app, bob.cookie, { title: 'Old harmonium' });
      const alerts = await findAlertsForListing(t.db, harmonium);
      expect(alerts.map((a) => a.user_id)).not.toContain(ann.user.id);

      const catsCup = await createListing(t.app, cat.cookie, { title: 'Blocked cup' });
      await putWants(t.app, bob.cookie, bobsStove, [catsCup]);
      await putWants(t.app, cat.cookie, catsCup, [annsTent]);
      const circle = await call('POST', '/api/circles', cat, {
        itemIds: [annsTent, bobsStove, catsCup],
      });
      expect(circle.statusCode).toBe(409);
      const byAnn = await call('POST', '/api/circles', ann, {
        itemIds: [annsTent, bobsStove, catsCup],
      });
      expect(byAnn.statusCode).toBe(403);
      expect(byAnn.json().message).toBe(CANNOT_CONTACT);
    } finally {
      await unblock(bob, ann);
    }
    expect(await wanted()).toContain(bobsStove);
  });
});
