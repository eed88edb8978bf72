import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientUser } from '../../../../shared/auth.schemas';
import type { Feedback, RatingStats } from '../../../../shared/swaps';
import type { Activity, MemberProfile } from '../../../../shared/users';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../auth/api/current-user';

const userKey = (id: string) => ['/api/users', id] as const;

export function usePublicProfile(id: string | undefined) {
  return useQuery({
    queryKey: userKey(id ?? ''),
    queryFn: () => apiGet<MemberProfile>(`/api/users/${id}`),
    enabled: !!id,
  });
}

export function useUserFeedback(id: string | undefined) {
  return useQuery({
    queryKey: [...userKey(id ?? ''), 'feedback'],
    queryFn: () =>
      apiGet<{ feedback: Feedback[]; stats: RatingStats }>(`/api/users/${id}/feedback`),
    enabled: !!id,
  });
}

export function useSwapStats(id: string | undefined) {
  return useQuery({
    queryKey: [...userKey(id ?? ''), 'swap-stats'],
    queryFn: () => apiGet<{ totalSwaps: number }>(`/api/users/${id}/swap-stats`),
    enabled: !!id,
  });
}

export function useActivity(id: string) {
  return useQuery({
    queryKey: [...userKey(id), 'activity'],
    queryFn: () => apiGet<Activity[]>(`/api/users/${id}/activity`),
    enabled: !!id,
  });
}

/** SPEC §7: the answer is the updated user and replaces the cached current user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: {
      profileImageUrl?: string | null;
      nickname?: string;
      bio?: string;
      location?: string;
    }) => apiRequest<ClientUser>('PATCH', '/api/users/profile', changes),
    onSuccess: (user) => {
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      return queryClient.invalidateQueries({ queryKey: userKey(user.id) });
    },
  });
}
