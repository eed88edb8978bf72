import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStats, VisitorAnalytics } from '../../../../shared/admin';
import { ADMIN_MESSAGES_PAGE } from '../../../../shared/admin';
import type { Item } from '../../../../shared/items';
import type { Feedback, SwapMessage } from '../../../../shared/swaps';
import { apiGet, apiRequest } from '../../../lib/api-client';

export type AdminUser = {
  id: string;
  email: string;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  bio: string | null;
  location: string | null;
  isAdmin: boolean;
  isMember: boolean;
  createdAt: string;
};

export type Report = {
  id: number;
  itemId: number;
  reason: string;
  description: string | null;
  status: string;
  createdAt: string;
  item: { id: number; title: string; isActive: boolean };
  reporter: {
    id: string;
    nickname: string | null;
    firstName: string | null;
    lastName: string | null;
  };
};

const ADMIN = ['/api/admin'] as const;

/** SPEC §9: stats and analytics refresh every 30 s. */
export function useAdminStats() {
  return useQuery({
    queryKey: [...ADMIN, 'stats'],
    queryFn: () => apiGet<AdminStats>('/api/admin/stats'),
    refetchInterval: 30_000,
    retry: false,
  });
}

export function useVisitorAnalytics(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN, 'visitor-analytics'],
    queryFn: () => apiGet<VisitorAnalytics>('/api/admin/visitor-analytics'),
    refetchInterval: 30_000,
    enabled,
  });
}

export const useAdminList = <T>(name: 'users' | 'items' | 'feedback', enabled: boolean) =>
  useQuery({
    queryKey: [...ADMIN, name],
    queryFn: () => apiGet<T[]>(`/api/admin/${name}`),
    enabled,
  });

export type { AdminUser as AdminUserRow, Feedback, Item };

/** SPEC §2: the first 50 messages, newest first; more on request. */
export function useAdminMessages(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...ADMIN, 'messages'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => apiGet<SwapMessage[]>(`/api/admin/messages?offset=${pageParam}`),
    getNextPageParam: (last, pages) =>
      last.length === ADMIN_MESSAGES_PAGE ? pages.length * ADMIN_MESSAGES_PAGE : undefined,
    enabled,
  });
}

export function useReports(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN, 'reports'],
    queryFn: () => apiGet<Report[]>('/api/flagged-items'),
    enabled,
  });
}

/** Any admin change, then everything on the dashboard refreshes. */
export function useAdminAction<Input>(request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN }),
        queryClient.invalidateQueries({ queryKey: ['/api/items'] }),
      ]),
  });
}

export const adminApi = {
  deleteFeedback: (id: number) => apiRequest('DELETE', `/api/admin/feedback/${id}`),
  deleteItem: (id: number) => apiRequest('DELETE', `/api/admin/items/${id}`),
  deleteMessage: (id: number) => apiRequest('DELETE', `/api/admin/messages/${id}`),
  editItem: ({
    id,
    ...changes
  }: {
    id: number;
    title: string;
    description: string;
    wantedItems: string;
  }) => apiRequest('PATCH', `/api/admin/items/${id}`, changes),
  editProfile: ({
    id,
    ...changes
  }: {
    id: string;
    nickname: string;
    bio: string;
    location: string;
    profileImageUrl: string | null;
  }) => apiRequest('PATCH', `/api/admin/users/${id}/profile`, changes),
  resolveReport: ({
    id,
    ...body
  }: {
    id: number;
    status: 'resolved' | 'dismissed';
    removeItem: boolean;
  }) => apiRequest('PATCH', `/api/admin/flagged-items/${id}`, body),
};
