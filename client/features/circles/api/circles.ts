import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Circle, CircleMessage, UpdateCircle } from '../../../../shared/circles';
import { CHAT_PAGE_SIZE } from '../../../../shared/limits';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { usePollingFallback } from '../../../lib/live-status';
import { MATCHES_KEY } from '../../matching/api/matching';

import { CIRCLES_KEY, circleKey, circleMessagesKey } from './circle-keys';

export { CIRCLES_KEY, circleKey, circleMessagesKey };

export function useMyCircles(enabled: boolean) {
  return useQuery({
    queryKey: CIRCLES_KEY,
    queryFn: () => apiGet<Circle[]>('/api/circles'),
    enabled,
    refetchInterval: usePollingFallback(15_000),
  });
}

export function useCircle(id: number, enabled: boolean) {
  return useQuery({
    queryKey: circleKey(id),
    queryFn: () => apiGet<Circle>(`/api/circles/${id}`),
    enabled,
    refetchInterval: usePollingFallback(15_000),
  });
}

/**
 * Proposes a loop; the new circle goes straight into the cache for its page. The matches are
 * read again either way, so their card shows the proposal (or the one that was already open).
 */
export function useProposeCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemIds: number[]) => apiRequest<Circle>('POST', '/api/circles', { itemIds }),
    onSuccess: (circle) => {
      queryClient.setQueryData(circleKey(circle.id), circle);
      return queryClient.invalidateQueries({ queryKey: CIRCLES_KEY, exact: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MATCHES_KEY, exact: true }),
  });
}

export function useUpdateCircle(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCircle) => apiRequest<Circle>('PATCH', `/api/circles/${id}`, body),
    onSuccess: (circle) => {
      queryClient.setQueryData(circleKey(id), circle);
      return queryClient.invalidateQueries({ queryKey: CIRCLES_KEY, exact: true });
    },
  });
}

/** A page of a circle's chat: the latest, or those before the message `before`. */
export function fetchCircleMessages(id: number, before?: number) {
  const page = `limit=${CHAT_PAGE_SIZE}${before ? `&before=${before}` : ''}`;
  return apiGet<CircleMessage[]>(`/api/circles/${id}/messages?${page}`);
}

export function useCircleMessages(id: number, enabled: boolean) {
  return useQuery({
    queryKey: circleMessagesKey(id),
    queryFn: () => fetchCircleMessages(id),
    enabled,
    refetchInterval: usePollingFallback(5_000),
  });
}

export function useSendCircleMessage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<CircleMessage>('POST', `/api/circles/${id}/messages`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: circleMessagesKey(id) }),
  });
}

/** The chat shows the messages: they are read, and the unread counts go. */
export function useMarkCircleRead(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ read: number }>('POST', `/api/circles/${id}/messages/read`),
    onSuccess: ({ read }) => {
      if (read > 0) void queryClient.invalidateQueries({ queryKey: circleKey(id), exact: true });
    },
  });
}
