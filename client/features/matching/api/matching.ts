import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Item } from '../../../../shared/items';
import type { Matches, Wants } from '../../../../shared/matching';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /api/matches and everything under it (the new-matches count): refetched on `matches` events. */
export const MATCHES_KEY = ['/api/matches'] as const;
const NEW_MATCHES_KEY = [...MATCHES_KEY, 'new'] as const;
/** Under the item's key, so a change to listings refreshes what a want list shows. */
export const wantsKey = (itemId: number) => ['/api/items', String(itemId), 'wants'] as const;
const wantedByKey = (itemId: number) => ['/api/items', String(itemId), 'wanted-by'] as const;

export function useMatches(enabled: boolean) {
  return useQuery({
    queryKey: MATCHES_KEY,
    queryFn: () => apiGet<Matches>('/api/matches'),
    enabled,
  });
}

/** Mutual matches and circles that appeared since the member last opened /matches. */
export function useNewMatchCount(enabled: boolean): number {
  const query = useQuery({
    queryKey: NEW_MATCHES_KEY,
    queryFn: () => apiGet<{ count: number }>('/api/matches/new'),
    enabled,
  });
  return enabled ? (query.data?.count ?? 0) : 0;
}

export function useMarkMatchesSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ count: number }>('POST', '/api/matches/seen'),
    onSuccess: (answer) => queryClient.setQueryData(NEW_MATCHES_KEY, answer),
  });
}

export function useWants(itemId: number) {
  return useQuery({
    queryKey: wantsKey(itemId),
    queryFn: () => apiGet<Wants>(`/api/items/${itemId}/wants`),
  });
}

/** Replaces the listing's wants; the list on screen follows at once, the server's answer wins. */
export function useSetWants(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: number[]) =>
      apiRequest<Wants>('PUT', `/api/items/${itemId}/wants`, { itemIds }),
    onSuccess: (wants) => {
      queryClient.setQueryData(wantsKey(itemId), wants);
      return queryClient.invalidateQueries({ queryKey: MATCHES_KEY });
    },
  });
}

/** Which of the member's listings would be given for `itemId`. */
export function useWantedBy(itemId: number, enabled: boolean) {
  return useQuery({
    queryKey: wantedByKey(itemId),
    queryFn: () => apiGet<Wants>(`/api/items/${itemId}/wanted-by`),
    enabled,
  });
}

export function useSetWantedBy(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: number[]) =>
      apiRequest<Wants>('PUT', `/api/items/${itemId}/wanted-by`, { itemIds }),
    onSuccess: async (wants) => {
      queryClient.setQueryData(wantedByKey(itemId), wants);
      await queryClient.invalidateQueries({ queryKey: ['/api/items'] });
      return queryClient.invalidateQueries({ queryKey: MATCHES_KEY });
    },
  });
}

/** Listings for the want editor's typeahead: the search box's own endpoint, a few at a time. */
export function useListingSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: ['/api/items', 'want-search', search],
    queryFn: () =>
      apiGet<Item[]>(`/api/items?search=${encodeURIComponent(search)}&limit=8`).catch(() => []),
    enabled: search.length >= 2,
    staleTime: 30_000,
  });
}
