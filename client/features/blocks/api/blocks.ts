import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Block } from '../../../../shared/users';
import { apiGet, apiRequest } from '../../../lib/api-client';

export const BLOCKS_KEY = ['/api/blocks'] as const;

export function useBlocks(enabled: boolean) {
  return useQuery({
    queryKey: BLOCKS_KEY,
    queryFn: () => apiGet<Block[]>('/api/blocks'),
    enabled,
  });
}

/** Blocks or unblocks a member; what depends on it (matches, offers) refetches everywhere. */
export function useSetBlocked(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      apiRequest<{ blocked: boolean }>(blocked ? 'POST' : 'DELETE', `/api/users/${userId}/block`),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
