import type { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../../shared/events';
import { VISIT_COUNT_KEY } from '../analytics/api/page-views';
import { CIRCLES_KEY, circleKey } from '../circles/api/circle-keys';
import { ITEMS_KEY } from '../items/api/items';
import { MATCHES_KEY } from '../matching/api/matching';
import { NOTIFICATIONS_KEY } from '../notifications/api/notifications';
import { ROUNDS_KEY, roundKey } from '../rounds/api/round-keys';
import { invalidateOfferLists, messagesKey, SWAP_REQUESTS_KEY } from '../swaps/api/swap-requests';

/**
 * Turns a pushed event into cache updates. Invalidating refetches only the queries on screen,
 * through the same endpoints (and access checks) as any other read.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  const swapRequests = () =>
    queryClient.invalidateQueries({ queryKey: SWAP_REQUESTS_KEY, exact: true });
  switch (event.type) {
    case 'swap-request':
      invalidateOfferLists(queryClient);
      return;
    case 'message':
    case 'messages-read':
      // The list carries each conversation's unread count; the open chat shows the messages.
      void swapRequests();
      void queryClient.invalidateQueries({ queryKey: messagesKey(event.swapRequestId) });
      return;
    case 'circle':
      // The circle's page and the Circles tab; a listing may have become reserved or gone.
      void queryClient.invalidateQueries({ queryKey: CIRCLES_KEY });
      void queryClient.invalidateQueries({ queryKey: MATCHES_KEY });
      return;
    case 'circle-message':
      void queryClient.invalidateQueries({ queryKey: circleKey(event.circleId) });
      void queryClient.invalidateQueries({ queryKey: CIRCLES_KEY, exact: true });
      return;
    case 'round':
      // The round's page (entries, phase, results, shipping) and the rounds list.
      void queryClient.invalidateQueries({ queryKey: roundKey(event.roundId) });
      void queryClient.invalidateQueries({ queryKey: ROUNDS_KEY, exact: true });
      return;
    case 'matches':
      // The matches list and the header's count of new ones.
      void queryClient.invalidateQueries({ queryKey: MATCHES_KEY });
      return;
    case 'notification':
      // The bell's count and list, and the notifications page.
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      return;
    case 'items-changed':
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      return;
    case 'visits':
      queryClient.setQueryData(VISIT_COUNT_KEY, { totalPageViews: event.totalPageViews });
      return;
    case 'resync':
      void queryClient.invalidateQueries({ queryKey: SWAP_REQUESTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      void queryClient.invalidateQueries({ queryKey: VISIT_COUNT_KEY });
      void queryClient.invalidateQueries({ queryKey: MATCHES_KEY });
      void queryClient.invalidateQueries({ queryKey: CIRCLES_KEY });
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: ROUNDS_KEY });
      return;
  }
}
