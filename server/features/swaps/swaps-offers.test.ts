import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../../db/schema/items.js';
import { registerMember } from '../../testing/app.js';
import { jpegDataUrl } from '../../testing/images.js';
import {
  call,
  listItem,
  offer,
  offerer,
  owner,
  patch,
  setUpSwapsApp,
  stranger,
  t,
} from './swaps.fixtures.js';

setUpSwapsApp();

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
