import { useEffect } from 'react';
import { OFFERS_PAGE_SIZE } from '../../../shared/swap-display';
import { useHistoryPages } from '../../lib/use-history-pages';
import { fetchOlderSwapRequests, useOfferCounts, useSwapRequests } from './api/swap-requests';

const OFFERS_HISTORY = { pageSize: OFFERS_PAGE_SIZE, olderAt: 'end' } as const;

import { MARK_SEEN_DELAY_MS, useSeenOffers } from './seen-offers';

/**
 * The signed-in member's offers, split into received and made: the live page of the latest, and
 * older pages on request. Being on the list marks them seen after SPEC §4's delay, which clears
 * the header's unread indicator.
 */
export function useMyOffers(userId: string | undefined) {
  const requests = useSwapRequests(!!userId);
  const counts = useOfferCounts(!!userId);
  const history = useHistoryPages(requests.data, fetchOlderSwapRequests, OFFERS_HISTORY);
  const { markSeen } = useSeenOffers(userId);
  const loaded = history.rows;

  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => markSeen(loaded), MARK_SEEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, markSeen]);

  const all = loaded ?? [];
  const received = all.filter((r) => r.toUserId === userId);
  const made = all.filter((r) => r.fromUserId === userId);
  return {
    isPending: requests.isPending,
    /** Present while older offers can be fetched. */
    older: history.hasMore ? { show: history.showMore, pending: history.pending } : undefined,
    all,
    received,
    made,
    /** Every offer, not only the pages loaded; the loaded ones until the counts answer. */
    counts: counts.data ?? { received: received.length, made: made.length },
  };
}
