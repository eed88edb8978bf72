import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_LONGER_AVAILABLE, RESERVED_LISTING } from '../../../shared/policies/items.js';
import { items } from '../../db/schema/items.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { jpegDataUrl } from '../../testing/images.js';

/** Issue 17, finding 2: deleting a listing erased the other member's history. */

type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let owner: Member;
let other: Member;
let admin: Member;
let photos: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false', ADMIN_EMAILS: 'deletion-admin@example.com' });
  [owner, other, admin] = [
    await registerMember(t.app),
    await registerMember(t.app),
    await registerMember(t.app, { email: 'deletion-admin@example.com' }),
  ];
  photos = [await jpegDataUrl(120, 90), await jpegDataUrl(90, 120)];
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

async function listItem(who: Member, title: string) {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'Wooden, with a drawer',
    condition: 'good',
    images: photos,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as { id: number; images: string[] };
}

/** A swap in `state` between `owner` (listing) and `other` (offering one of theirs). */
async function swapIn(state: 'pending' | 'accepted' | 'rejected' | 'completed') {
  const listing = await listItem(owner, `Desk (${state})`);
  const offered = await listItem(other, `Stool (${state})`);
  const request = (
    await call('POST', '/api/swap-requests', other, {
      itemId: listing.id,
      offeredItemId: offered.id,
      message: 'My stool for your desk?',
    })
  ).json() as { id: number };
  await call('POST', `/api/swap-requests/${request.id}/messages`, owner, { content: 'Deal?' });
  await call('POST', `/api/items/${listing.id}/save`, other);
  if (state === 'rejected')
    await call('PATCH', `/api/swap-requests/${request.id}`, owner, { status: 'rejected' });
  if (state === 'accepted' || state === 'completed')
    await call('PATCH', `/api/swap-requests/${request.id}`, owner, { status: 'accepted' });
  if (state === 'completed')
    await call('PATCH', `/api/swap-requests/${request.id}`, other, { status: 'completed' });
  return { listing, offered, request };
}

const ids = (response: { json: () => unknown }) =>
  (response.json() as Array<{ id: number }>).map((entry) => entry.id);

describe('deleting a listing keeps the other member’s history', () => {
  it.each(['pending', 'accepted', 'rejected', 'completed'] as const)(
    'after a %s swap',
    async (state) => {
      const { listing, offered, request } = await swapIn(state);
      const statsBefore = (await call('GET', `/api/users/${other.user.id}/swap-stats`)).json();
      if (state === 'accepted') {
        // An accepted offer holds both listings (issue 38): its owner cannot take one back, a
        // moderator still removes it, and the other listing of the offer is free again.
        const refused = await call('DELETE', `/api/items/${listing.id}`, owner);
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({ message: RESERVED_LISTING });
        expect((await call('DELETE', `/api/admin/items/${listing.id}`, admin)).statusCode).toBe(
          200,
        );
        const [freed] = await t.db
          .select({ reservedBy: items.reservedBy })
          .from(items)
          .where(eq(items.id, offered.id));
        expect(freed?.reservedBy).toBeNull();
      } else {
        const deleted = await call('DELETE', `/api/items/${listing.id}`, owner);
        expect(deleted.statusCode).toBe(200);
      }

      // The other member still sees the offer with the listing's title and first photo,
      const view = await call('GET', `/api/swap-requests/${request.id}`, other);
      expect(view.statusCode).toBe(200);
      const offer = view.json();
      expect(offer.item).toMatchObject({
        id: listing.id,
        title: `Desk (${state})`,
        images: [listing.images[0]],
        isRemoved: true,
        isActive: false,
      });
      expect((await call('GET', listing.images[0] ?? '')).statusCode).toBe(200);
      expect((await call('GET', listing.images[1] ?? '')).statusCode).toBe(404);
      // the chat,
      const chat = await call('GET', `/api/swap-requests/${request.id}/messages`, other);
      expect(chat.json().map((m: { content: string }) => m.content)).toEqual(['Deal?']);
      // the swap count,
      expect((await call('GET', `/api/users/${other.user.id}/swap-stats`)).json()).toEqual(
        statsBefore,
      );
      // and, once completed, the right to rate.
      if (state === 'completed') {
        expect(offer.status).toBe('completed');
        const rated = await call('POST', '/api/feedback', other, {
          toUserId: owner.user.id,
          swapRequestId: request.id,
          rating: 4,
        });
        expect(rated.statusCode).toBe(201);
      }
      // An offer still open on it is closed, with the reason on the card.
      if (state === 'pending' || state === 'accepted') {
        expect(offer).toMatchObject({ status: 'rejected', closedReason: NO_LONGER_AVAILABLE });
      } else {
        expect(offer.status).toBe(state);
      }

      // The listing has left the market, its owner's listings and wishlists.
      expect((await call('GET', `/api/items/${listing.id}`)).statusCode).toBe(404);
      expect((await call('GET', `/api/items/${listing.id}`, owner)).statusCode).toBe(404);
      expect(ids(await call('GET', '/api/items?limit=100'))).not.toContain(listing.id);
      expect(ids(await call('GET', `/api/items?userId=${owner.user.id}`, owner))).not.toContain(
        listing.id,
      );
      expect(
        (await call('GET', '/api/saved-items', other))
          .json()
          .map((s: { itemId: number }) => s.itemId),
      ).not.toContain(listing.id);
      expect(ids(await call('GET', '/api/admin/items', admin))).not.toContain(listing.id);
      expect(
        (await call('PUT', `/api/items/${listing.id}`, owner)).statusCode,
      ).toBeGreaterThanOrEqual(400);
      expect((await call('DELETE', `/api/items/${listing.id}`, owner)).statusCode).toBe(404);
      expect(
        (await call('POST', '/api/swap-requests', other, { itemId: listing.id, message: 'Hi' }))
          .statusCode,
      ).toBe(404);
    },
  );

  it('keeps the offered listing in the owner’s history when the offering member deletes it', async () => {
    const { offered, request } = await swapIn('completed');
    expect((await call('DELETE', `/api/items/${offered.id}`, other)).statusCode).toBe(200);
    const offer = (await call('GET', `/api/swap-requests/${request.id}`, owner)).json();
    expect(offer.offeredItem).toMatchObject({ title: 'Stool (completed)', isRemoved: true });
  });

  it('deletes a listing no offer names for real, with its photos', async () => {
    const listing = await listItem(owner, 'Lonely lamp');
    expect((await call('DELETE', `/api/items/${listing.id}`, owner)).statusCode).toBe(200);
    expect(await t.db.select().from(items).where(eq(items.id, listing.id))).toEqual([]);
    for (const url of listing.images) expect((await call('GET', url)).statusCode).toBe(404);
  });

  it('deletes through the admin route the same way', async () => {
    const { listing, request } = await swapIn('completed');
    expect((await call('DELETE', `/api/admin/items/${listing.id}`, admin)).statusCode).toBe(200);
    const offer = (await call('GET', `/api/swap-requests/${request.id}`, other)).json();
    expect(offer.item).toMatchObject({ isRemoved: true, title: 'Desk (completed)' });
  });
});
