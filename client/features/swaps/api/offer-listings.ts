import type { Item } from '../../../../shared/items';
import { useItemList } from '../../items/api/items';

/** As many of a member's listings as an offer dialog lists to choose from. */
const LISTINGS_SHOWN = 100;

/**
 * Whether an offer may name the listing now: on the market, not promised to a trade in progress
 * (issue 38: an accepted offer, a circle or a round reserves it) and of this community. The
 * server checks the same again when the offer is sent (409 naming the listing).
 */
export const isOfferable = (item: Item) => item.isActive && !item.isReserved && !item.origin;

/**
 * The listings of `userId` an offer could name (GET /api/items?userId=…), newest first; fetched
 * only while `enabled` (a dialog is open). A member's own list includes their unlisted listings,
 * which are left out here like reserved ones.
 */
export function useOfferableListings(userId: string, enabled: boolean) {
  const listings = useItemList({ userId }, LISTINGS_SHOWN, { enabled });
  return {
    isPending: listings.isPending,
    listings: (listings.data ?? []).filter(isOfferable),
  };
}
