import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSavedSearch,
  SavedSearch,
  UpdateSavedSearch,
} from '../../../../shared/saved-searches';
import { apiGet, apiRequest } from '../../../lib/api-client';

export const SAVED_SEARCHES_KEY = ['/api/saved-searches'] as const;

/** The member's want alerts (saved searches), newest first as the server lists them. */
export function useSavedSearches(enabled: boolean) {
  return useQuery({
    queryKey: SAVED_SEARCHES_KEY,
    queryFn: () => apiGet<SavedSearch[]>('/api/saved-searches'),
    enabled,
  });
}

type Optional = 'categoryId' | 'near' | 'radiusKm' | 'scope' | 'mode';
export type NewSavedSearch = Omit<CreateSavedSearch, Optional> &
  Partial<Pick<CreateSavedSearch, Optional>>;

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSavedSearch) =>
      apiRequest<SavedSearch>('POST', '/api/saved-searches', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY }),
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number } & UpdateSavedSearch) =>
      apiRequest<SavedSearch>('PATCH', `/api/saved-searches/${id}`, changes),
    onSuccess: (saved) =>
      queryClient.setQueryData<SavedSearch[]>(SAVED_SEARCHES_KEY, (list) =>
        list?.map((s) => (s.id === saved.id ? saved : s)),
      ),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/saved-searches/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<SavedSearch[]>(SAVED_SEARCHES_KEY, (list) =>
        list?.filter((s) => s.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
    },
  });
}
