import { useQuery } from '@tanstack/react-query';
import type { MeetingPlaceSuggestion } from '../../../../shared/meeting-places';
import { apiGet } from '../../../lib/api-client';

/** Safe places to meet for an offer, nearest both parties first (issue 40 §4). */
export function useMeetingPlaceSuggestions(swapRequestId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/swap-requests', String(swapRequestId), 'meeting-places'],
    queryFn: () =>
      apiGet<MeetingPlaceSuggestion[]>(`/api/swap-requests/${swapRequestId}/meeting-places`),
    enabled,
    // Places and listings rarely move while a chat is open; a few minutes is fresh enough.
    staleTime: 5 * 60_000,
  });
}
