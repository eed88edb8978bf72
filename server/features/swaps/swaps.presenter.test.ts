import { describe, expect, it } from 'vitest';
import { swapRequestSchema } from '../../../shared/swaps.js';
import { presentSwapRequest } from './swaps.presenter.js';
import type { OfferRow } from './swaps.queries.js';

const at = new Date('2026-11-01T10:00:00Z');
const person = (id: string) => ({
  id,
  nickname: id,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  emailVerifiedAt: at,
});
const item = {
  id: 3,
  title: 'Lamp',
  images: [],
  condition: 'good',
  isActive: true,
  deletedAt: null,
  userId: 'b',
  mode: 'swap',
  fairChanceHours: null,
  giveawaySince: null,
};

describe('presentSwapRequest', () => {
  it('writes the keys in the order of the response schema, so it is what the API serialises', () => {
    const row = {
      request: {
        id: 1,
        fromUserId: 'a',
        toUserId: 'b',
        itemId: 3,
        offeredItemId: null,
        message: 'Swap?',
        offerDescription: null,
        offerImages: [],
        status: 'pending',
        closedReason: null,
        counterOfId: null,
        createdAt: at,
        updatedAt: at,
      },
      item,
      offeredItem: item,
      fromUser: person('a'),
      toUser: person('b'),
      unreadCount: 0,
      counteredById: null,
      ratedByMe: false,
      items: [item, { ...item, id: 4 }],
      offeredItems: [{ ...item, id: 5, userId: 'a' }],
      countered: { itemIds: [6], offeredItemIds: [3] },
    } as unknown as OfferRow;
    const presented = presentSwapRequest(row);
    // The bench's floor compares its JSON with the app's byte for byte (scripts/bench/run-api.ts).
    expect(JSON.stringify(presented)).toBe(JSON.stringify(swapRequestSchema.parse(presented)));
  });

  it('says what a counter-offer changed, from its own direction (issue 38)', () => {
    const listing = (id: number) => ({ ...item, id });
    const base = { request: { createdAt: at, updatedAt: at }, fromUser: person('a') };
    // The countered offer asked for 6 and put up 3 and 7; this counter asks for 3 and 8 and puts
    // up 6 and 9: of what it asks for, 8 is new and 7 dropped; of what it puts up, 9 is new.
    const row = {
      ...base,
      toUser: person('b'),
      items: [listing(3), listing(8)],
      offeredItems: [listing(6), listing(9)],
      countered: { itemIds: [6], offeredItemIds: [3, 7] },
    } as unknown as OfferRow;
    expect(presentSwapRequest(row).changes).toEqual({
      items: { added: [8], removed: [7] },
      offeredItems: { added: [9], removed: [] },
    });
    expect(presentSwapRequest({ ...row, countered: null }).changes).toBeNull();
  });
});
