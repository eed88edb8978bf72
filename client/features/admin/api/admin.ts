import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStats,
  AdminUser,
  ReportEntry,
  VisitorAnalytics,
} from '../../../../shared/admin';
import { ADMIN_MESSAGES_PAGE } from '../../../../shared/admin-display';
import type { Item } from '../../../../shared/items';
import type { HandleMemberReport, MemberReportEntry } from '../../../../shared/member-reports';
import type { ProblemEntry, ResolveProblem } from '../../../../shared/problems';
import type { Feedback, SwapMessage } from '../../../../shared/swaps';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** Every admin query starts with this key, so one invalidation refreshes the dashboard. */
export const ADMIN = ['/api/admin'] as const;

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

export type { AdminUser, Feedback, Item, ReportEntry };

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
    queryFn: () => apiGet<ReportEntry[]>('/api/flagged-items'),
    enabled,
  });
}

/** Reports on members (issue 18 §4), pending first, each with the member's recent activity. */
export function useMemberReports(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN, 'member-reports'],
    queryFn: () => apiGet<MemberReportEntry[]>('/api/admin/member-reports'),
    enabled,
  });
}

export type { MemberReportEntry };

/** Problems after swaps (issue 40 §2), open first, each with both sides' history. */
export function useProblems(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN, 'problems'],
    queryFn: () => apiGet<ProblemEntry[]>('/api/admin/problems'),
    enabled,
  });
}

export type { ProblemEntry };

/** Any admin change, then everything on the dashboard refreshes. */
export function useAdminAction<Input, Output = unknown>(
  request: (input: Input) => Promise<Output>,
) {
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
  eraseMember: (id: string) => apiRequest('DELETE', `/api/admin/users/${id}`),
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
  handleMemberReport: ({
    id,
    ...body
  }: {
    id: number;
    action: HandleMemberReport['action'];
    message?: string;
  }) => apiRequest('PATCH', `/api/admin/member-reports/${id}`, body),
  resolveProblem: ({ id, ...body }: { id: number } & Partial<ResolveProblem>) =>
    apiRequest('PATCH', `/api/admin/problems/${id}`, body),
};
