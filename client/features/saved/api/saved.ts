import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedEntry, SavedIds } from '../../../../shared/items';
import { apiGet, apiRequest } from '../../../lib/api-client';

export const SAVED_ITEMS_KEY = ['/api/saved-items'] as const;
export const SAVED_IDS_KEY = ['/api/saved-items/ids'] as const;

/**
 * Whether the signed-in member saved the item. Every heart reads the one list of the member's
 * saved ids: a browse page of 24 cards asks once, not 24 times, and pages after it not at all.
 */
export function useIsSaved(itemId: number) {
  return useQuery({
    queryKey: SAVED_IDS_KEY,
    queryFn: () => apiGet<SavedIds>('/api/saved-items/ids'),
    select: (saved) => saved.itemIds.includes(itemId),
  });
}

export function useSavedItems(enabled: boolean) {
  return useQuery({
    queryKey: SAVED_ITEMS_KEY,
    queryFn: () => apiGet<SavedEntry[]>('/api/saved-items'),
    enabled,
  });
}

/** Save or unsave; refreshes the saved ids and the saved list (SPEC §7). */
export function useToggleSaved(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: boolean) =>
      apiRequest<{ isSaved: boolean }>(save ? 'POST' : 'DELETE', `/api/items/${itemId}/save`),
    onSuccess: ({ isSaved }) => {
      queryClient.setQueryData<SavedIds>(SAVED_IDS_KEY, (saved) => {
        if (!saved) return saved;
        const others = saved.itemIds.filter((id) => id !== itemId);
        return { itemIds: isSaved ? [itemId, ...others] : others };
      });
      return queryClient.invalidateQueries({ queryKey: SAVED_ITEMS_KEY });
    },
  });
}
