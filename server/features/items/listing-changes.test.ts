import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { transact } from '../../db/transact.js';
import { createTestApp, registerMember, type TestApp } from '../../testing/app.js';
import { factsOf, type ListingFacts, listingsChanged } from './listing-changes.js';

let t: TestApp;
const heard: Array<ListingFacts | undefined> = [];
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
  // Two more listeners of every listing change, as the features' are: each reads the listing.
  for (let k = 0; k < 2; k++)
    t.app.hooks.on(
      'item.changed',
      async (tx, change) => void heard.push(await factsOf(tx, change)),
    );
});
afterAll(() => t.close());

describe('a listing change', () => {
  it('lets its listeners share one read of the listing', async () => {
    const owner = await registerMember(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: owner.cookie },
      payload: { title: 'Shared kettle', description: 'Whistles', condition: 'good' },
    });
    expect(created.statusCode).toBe(201);
    const [first, second] = heard.splice(0);
    expect(first).toEqual({
      title: 'Shared kettle',
      isActive: true,
      originUrl: null,
      originInstanceId: null,
    });
    // The very same answer: read once for both.
    expect(second).toBe(first);
  });

  it('takes the listing as its writer gives it, reading nothing', async () => {
    // What listingsChanged uses of the app: its hooks, and telling pages after the commit.
    const hooksOnly = {
      hooks: t.app.hooks,
      events: { itemsChanged: () => {} },
    } as unknown as AppContext;
    const given = { title: 'As written', isActive: true, originUrl: null, originInstanceId: 7 };
    const owner = await registerMember(t.app);
    // No such listing: a read would find nothing; the listeners hear what the writer gave.
    await transact(t.db, (tx) =>
      listingsChanged(hooksOnly, tx, 'reserved', [
        { id: 2_000_000_000, userId: owner.user.id, facts: given },
      ]),
    );
    expect(heard.splice(0)).toEqual([given, given]);
  });
});
