/**
 * What the offer screens need without zod (they are on every signed-in member's path): statuses,
 * limits and labels; swaps.ts, which holds the schemas, re-exports them.
 */
/**
 * SPEC §4's four statuses, then issue 18's negotiation: 'countered' (the receiver answered with a
 * counter-offer, POST /api/swap-requests/:id/counter) and 'withdrawn' (the sender took it back);
 * issue 38's 'cancelled' (either party called off an accepted offer, with a reason).
 */
export const SWAP_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'completed',
  'countered',
  'withdrawn',
  'cancelled',
] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];

/** What PATCH /api/swap-requests/:id may set; 'countered' comes only with a counter-offer. */
export const PATCHABLE_SWAP_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'completed',
  'withdrawn',
  'cancelled',
] as const;

export const MESSAGE_MAX_LENGTH = 2000;
/** Issue 38: an offer asks for 1 to this many listings and puts up 0 to this many. */
export const OFFER_SIDE_MAX = 5;
/** Why a party called off an accepted offer (PATCH … {status: "cancelled", reason}). */
export const CANCEL_REASON_MAX_LENGTH = 500;
/** A cancellation without a reason: the server's 400, and the cancel dialog's own check. */
export const CANCEL_REASON_REQUIRED = 'Please say why you are cancelling this swap';
/**
 * GET /api/swap-requests' default page: the latest offers; older ones page by `before`. Every
 * signed-in page loads it (the header's new-offers count), so it stays small (decision 008).
 */
export const OFFERS_PAGE_SIZE = 25;
export const OFFER_DESCRIPTION_MAX_LENGTH = 1000;
export const FEEDBACK_COMMENT_MAX_LENGTH = 500;

/** SPEC §5 rating labels, by star count. */
export const RATING_LABELS: Record<number, string> = {
  1: 'Poor experience',
  2: 'Below average',
  3: 'Average',
  4: 'Good experience',
  5: 'Excellent experience',
};

/**
 * The member on the other side of an offer (a SwapRequest of swaps.ts, which imports this file)
 * from `userId`'s point of view.
 */
export function otherParty<User>(
  request: { fromUserId: string; fromUser: User; toUser: User },
  userId: string,
): User {
  return request.fromUserId === userId ? request.toUser : request.fromUser;
}
