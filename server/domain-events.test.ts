import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from './infra/domain-hooks.js';
import { createTestApp, registerMember, type TestApp } from './testing/app.js';

/** What the services announce, in order, along one swap's life and a moderator's removal. */
let t: TestApp;
const seen: Array<[keyof DomainEvents, object]> = [];

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'events-admin@example.com', RATE_LIMITS: 'false' });
  for (const name of [
    'item.changed',
    'swap.changed',
    'message.posted',
    'feedback.given',
    'listing.removed',
  ] as const) {
    // What an event says; a listing change's shared read of the listing (`facts`) is no part of it.
    const said = (event: object) =>
      Object.fromEntries(Object.entries(event).filter(([, value]) => typeof value !== 'function'));
    t.app.hooks.on(name, async (_tx, event) => void seen.push([name, said(event)]));
  }
});
afterAll(() => t.close());

describe('domain events', () => {
  it('are announced by the services as a swap goes from offer to rating', async () => {
    const owner = await registerMember(t.app);
    const sender = await registerMember(t.app);
    const admin = await registerMember(t.app, { email: 'events-admin@example.com' });
    const call = (
      method: 'POST' | 'PATCH' | 'DELETE',
      url: string,
      cookie: string,
      payload?: object,
    ) => t.app.inject({ method, url, headers: { cookie }, payload });
    const item = (
      await call('POST', '/api/items', owner.cookie, {
        title: 'Kettle',
        description: 'Whistles',
        condition: 'good',
      })
    ).json();
    const offer = (
      await call('POST', '/api/swap-requests', sender.cookie, { itemId: item.id, message: 'Swap?' })
    ).json();
    await call('PATCH', `/api/swap-requests/${offer.id}`, owner.cookie, { status: 'accepted' });
    const message = (
      await call('POST', `/api/swap-requests/${offer.id}/messages`, owner.cookie, {
        content: 'Tuesday?',
      })
    ).json();
    await call('PATCH', `/api/swap-requests/${offer.id}`, sender.cookie, { status: 'completed' });
    const rating = (
      await call('POST', '/api/feedback', sender.cookie, {
        toUserId: owner.user.id,
        swapRequestId: offer.id,
        rating: 5,
      })
    ).json();
    const other = (
      await call('POST', '/api/items', owner.cookie, {
        title: 'Lamp',
        description: 'Bright',
        condition: 'good',
      })
    ).json();
    await call('DELETE', `/api/admin/items/${other.id}`, admin.cookie);

    const base = { swapRequestId: offer.id, fromUserId: sender.user.id, toUserId: owner.user.id };
    expect(seen).toEqual([
      ['item.changed', { itemId: item.id, userId: owner.user.id, kind: 'created' }],
      [
        'swap.changed',
        { ...base, itemId: item.id, actorId: sender.user.id, from: null, to: 'pending' },
      ],
      [
        'swap.changed',
        { ...base, itemId: item.id, actorId: owner.user.id, from: 'pending', to: 'accepted' },
      ],
      // Accepting promises the listing to the offer (issue 38).
      ['item.changed', { itemId: item.id, userId: owner.user.id, kind: 'reserved' }],
      [
        'message.posted',
        {
          swapRequestId: offer.id,
          messageId: message.id,
          fromUserId: owner.user.id,
          toUserId: sender.user.id,
        },
      ],
      [
        'swap.changed',
        { ...base, itemId: item.id, actorId: sender.user.id, from: 'accepted', to: 'completed' },
      ],
      ['item.changed', { itemId: item.id, userId: owner.user.id, kind: 'deactivated' }],
      [
        'feedback.given',
        {
          feedbackId: rating.id,
          fromUserId: sender.user.id,
          toUserId: owner.user.id,
          swapRequestId: offer.id,
        },
      ],
      ['item.changed', { itemId: other.id, userId: owner.user.id, kind: 'created' }],
      [
        'listing.removed',
        {
          itemId: other.id,
          ownerId: owner.user.id,
          title: 'Lamp',
          reason: 'Removed by a moderator',
        },
      ],
      ['item.changed', { itemId: other.id, userId: owner.user.id, kind: 'deleted' }],
    ]);
  });
});
