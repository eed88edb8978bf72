import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeliveryMode,
  MarkRead,
  NotificationPage,
  NotificationSettings,
  NotificationTopic,
} from '../../../../shared/notifications';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { usePollingFallback } from '../../../lib/live-status';

/** GET /api/notifications and every page of it: refetched on `notification` events. */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
export const NOTIFICATION_SETTINGS_KEY = ['/api/notification-settings'] as const;

/** How many the bell's panel shows; the /notifications page shows more. */
export const BELL_LIMIT = 8;

const notificationsKey = (limit: number) => [...NOTIFICATIONS_KEY, limit] as const;

/**
 * The member's newest notifications and the unread count. Pushed live; polled every 30 s only
 * while the stream is down, like the other live lists.
 */
export function useNotifications(enabled: boolean, limit = BELL_LIMIT) {
  return useQuery({
    queryKey: notificationsKey(limit),
    queryFn: () => apiGet<NotificationPage>(`/api/notifications?limit=${limit}`),
    enabled,
    refetchInterval: usePollingFallback(30_000),
    staleTime: 0,
  });
}

/** Marks some or all as read; every list on screen follows the server's new count. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkRead) =>
      apiRequest<{ unread: number }>('POST', '/api/notifications/read', body),
    onMutate: (body) => {
      // Shown read at once; the refetch below confirms it.
      queryClient.setQueriesData<NotificationPage>({ queryKey: NOTIFICATIONS_KEY }, (page) => {
        if (!page) return page;
        const ids = 'ids' in body ? new Set(body.ids) : null;
        const items = page.items.map((n) => (!ids || ids.has(n.id) ? { ...n, read: true } : n));
        const newlyRead = page.items.filter((n) => !n.read && (!ids || ids.has(n.id))).length;
        return { unread: ids ? Math.max(0, page.unread - newlyRead) : 0, items };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useNotificationSettings(enabled: boolean) {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: () => apiGet<NotificationSettings>('/api/notification-settings'),
    enabled,
  });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: Partial<Record<NotificationTopic, DeliveryMode>>) =>
      apiRequest<NotificationSettings>('PATCH', '/api/notification-settings', { email }),
    onSuccess: (settings) => queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, settings),
  });
}

/** The one-click unsubscribe of an email link, confirmed on the /unsubscribe page. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<{ message: string }>('POST', '/api/notifications/unsubscribe', { token }),
  });
}
