import { canOfferOn } from '../../../shared/policies/items.js';
import { canReportProblem } from '../../../shared/policies/problems.js';
import {
  canCounterSwap,
  canMessageSwap,
  canMoveSwap,
  canRateSwap,
  canViewSwap,
  SWAP_NOT_FOUND,
} from '../../../shared/policies/swaps.js';
import { type Expectation, members } from './decide.js';
import { senderItemId } from './fixture.js';

/** The access matrix's routes of offers: their chat and ratings, and the live event stream. */
export const SWAPS: Record<string, Expectation> = {
  'GET /api/swap-requests': { decide: members },
  'GET /api/swap-requests/counts': { decide: members },
  'POST /api/swap-requests': {
    decide: (actor, f) => canOfferOn(actor, f.item),
    body: (f) => ({ itemId: f.itemId, message: 'Swap?' }),
  },
  'GET /api/swap-requests/:id': { decide: (actor, f) => canViewSwap(actor, f.swap) },
  'PATCH /api/swap-requests/:id': {
    decide: (actor, f) => canMoveSwap(actor, f.swap, 'accepted'),
    body: () => ({ status: 'accepted' }),
  },
  'POST /api/swap-requests/:id/counter': {
    decide: (actor, f) => canCounterSwap(actor, f.swap),
    body: () => ({ itemId: senderItemId, message: 'Rather this one?' }),
  },
  'GET /api/swap-requests/:id/messages': { decide: (actor, f) => canMessageSwap(actor, f.swap) },
  'GET /api/swap-requests/:id/meeting-places': {
    decide: (actor, f) => canViewSwap(actor, f.swap),
  },
  // A stream never ends, so it is opened on a real socket and closed once its status is known.
  'GET /api/events': { decide: members, stream: true },
  'POST /api/swap-requests/:id/messages/read': {
    decide: (actor, f) => canMessageSwap(actor, f.swap),
  },
  'POST /api/swap-requests/:id/messages': {
    decide: (actor, f) => canMessageSwap(actor, f.swap),
    body: () => ({ content: 'Hello' }),
  },
  // The fixture's offer is pending: its parties are told it is too early, anyone else 404.
  'POST /api/swap-requests/:id/problem': {
    decide: (actor, f) =>
      canReportProblem(
        actor,
        {
          partyIds: [f.swap.fromUserId, f.swap.toUserId],
          acceptedAt: null,
          completedAt: null,
          notFound: SWAP_NOT_FOUND,
        },
        'not-received',
        new Date(),
      ),
    body: () => ({ reason: 'not-received', message: 'Never came' }),
  },
  'POST /api/feedback': {
    decide: (actor, f) => canRateSwap(actor, f.swap, f.senderId),
    body: (f) => ({ toUserId: f.senderId, swapRequestId: f.swapId, rating: 5 }),
  },
};
