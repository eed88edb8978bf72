import { useEffect } from 'react';
import { useSwapRequests } from './api/swap-requests';
import { MARK_SEEN_DELAY_MS, useSeenOffers } from './seen-offers';

/**
 * The signed-in member's offers, split into received and made. Being on the list marks them seen
 * after SPEC §4's delay, which clears the header's unread indicator.
 */
export function useMyOffers(userId: string | undefined) {
  const requests = useSwapRequests(!!userId);
  const { markSeen } = useSeenOffers(userId);
  const loaded = requests.data;

  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => markSeen(loaded), MARK_SEEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, markSeen]);

  const all = loaded ?? [];
  return {
    isPending: requests.isPending,
    all,
    received: all.filter((r) => r.toUserId === userId),
    made: all.filter((r) => r.fromUserId === userId),
  };
}
