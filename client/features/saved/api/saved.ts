import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedEntry } from '../../../../shared/items';
import { apiGet, apiRequest } from '../../../lib/api-client';

export const SAVED_ITEMS_KEY = ['/api/saved-items'] as const;
export const savedFlagKey = (itemId: number) => ['/api/items', String(itemId), 'saved'] as const;

/** Whether the signed-in member saved the item. */
export function useIsSaved(itemId: number) {
  return useQuery({
    queryKey: savedFlagKey(itemId),
    queryFn: () => apiGet<{ isSaved: boolean }>(`/api/items/${itemId}/saved`),
  });
}

export function useSavedItems(enabled: boolean) {
  return useQuery({
    queryKey: SAVED_ITEMS_KEY,
    queryFn: () => apiGet<SavedEntry[]>('/api/saved-items'),
    enabled,
  });
}

/** Save or unsave; refreshes the item's flag and the saved list (SPEC §7). */
export function useToggleSaved(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: boolean) =>
      apiRequest<{ isSaved: boolean }>(save ? 'POST' : 'DELETE', `/api/items/${itemId}/save`),
    onSuccess: (result) => {
      queryClient.setQueryData(savedFlagKey(itemId), result);
      return queryClient.invalidateQueries({ queryKey: SAVED_ITEMS_KEY });
    },
  });
}
