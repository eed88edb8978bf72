import { describe, expect, it } from 'vitest';
import { swapRequestSchema } from '../../../shared/swaps.js';
import { presentSwapRequest } from './swaps.presenter.js';
import type { SwapRequestRow } from './swaps.queries.js';

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
    } as unknown as SwapRequestRow;
    const presented = presentSwapRequest(row);
    // The bench's floor compares its JSON with the app's byte for byte (scripts/bench/run-api.ts).
    expect(JSON.stringify(presented)).toBe(JSON.stringify(swapRequestSchema.parse(presented)));
  });
});
