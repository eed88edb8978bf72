import { describe, expect, it } from 'vitest';
import { canCounterSwap, canMoveSwap, canProposeOffer } from '../shared/policies/swaps.js';
import type { Decide } from './testing/access-matrix/decide.js';
import {
  actorFor,
  cookieFor,
  type Fixture,
  freshFixture,
  ROLES,
  senderItemId,
  setUpAccessMatrix,
  t,
} from './testing/access-matrix/fixture.js';

/**
 * Issue 38's bodies on routes the access matrix already holds: an offer naming lists of
 * listings, the cancellation of an accepted offer (either party, with a reason), and a counter
 * changing both sides, each × the four roles, decided by the same policies.
 */

setUpAccessMatrix();

const OFFER_BODIES: Record<
  string,
  {
    method: 'POST' | 'PATCH';
    url: (f: Fixture) => string;
    body: (f: Fixture) => object;
    decide: Decide;
    /** The owner accepts the fixture's offer first. */
    accepted?: true;
  }
> = {
  'POST /api/swap-requests {itemIds, offeredItemIds}': {
    method: 'POST',
    url: () => '/api/swap-requests',
    body: (f) => ({ itemIds: [f.itemId], offeredItemIds: [], message: 'Swap?' }),
    decide: (actor, f) =>
      canProposeOffer(actor, [{ id: f.itemId, title: 'Matrix kettle', userId: f.ownerId }], []),
  },
  'PATCH /api/swap-requests/:id {status: "cancelled", reason}': {
    method: 'PATCH',
    url: (f) => `/api/swap-requests/${f.swapId}`,
    body: () => ({ status: 'cancelled', reason: 'Moved away' }),
    decide: (actor, f) => canMoveSwap(actor, { ...f.swap, status: 'accepted' }, 'cancelled'),
    accepted: true,
  },
  'POST /api/swap-requests/:id/counter {itemIds, offeredItemIds}': {
    method: 'POST',
    url: (f) => `/api/swap-requests/${f.swapId}/counter`,
    body: () => ({ itemIds: [senderItemId], offeredItemIds: [], message: 'Rather this one?' }),
    decide: (actor, f) => canCounterSwap(actor, f.swap),
  },
};

describe('access matrix: offers with several listings a side (issue 38)', () => {
  it.each(Object.entries(OFFER_BODIES))(
    '%s',
    async (cell, { method, url, body, decide, accepted }) => {
      for (const role of ROLES) {
        const fixture = await freshFixture();
        if (accepted) {
          const accept = await t.app.inject({
            method: 'PATCH',
            url: `/api/swap-requests/${fixture.swapId}`,
            headers: await cookieFor('owner'),
            payload: { status: 'accepted' },
          });
          expect(accept.statusCode, accept.body).toBe(200);
        }
        const decision = decide(actorFor(role), fixture);
        const response = await t.app.inject({
          method,
          url: url(fixture),
          headers: await cookieFor(role),
          payload: body(fixture),
        });
        const where = `${cell} as ${role} → ${response.statusCode} ${response.body.slice(0, 120)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (decision.ok) expect(response.statusCode, where).toBeLessThan(300);
        else {
          expect(response.statusCode, where).toBe(decision.status);
          expect(response.json().message, where).toBe(decision.reason);
        }
      }
    },
  );
});
