import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '../../../../shared/notifications';
import { Button } from '../../../components/ui/button';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';
import { NotificationList } from './notification-list';

export function bellLabel(unread: number): string {
  if (unread === 0) return 'Notifications';
  return `Notifications, ${unread > 99 ? 'more than 99' : unread} unread`;
}

/** The header's bell: the unread count on a badge, the newest notifications in a panel. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const page = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const unread = page.data?.unread ?? 0;
  const items = page.data?.items ?? [];

  const onOpen = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <span className="sr-only" role="status">
        {unread > 0 ? `${unread} unread notifications` : ''}
      </span>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={bellLabel(unread)} className="relative">
          <Bell className="size-5" aria-hidden />
          {unread > 0 && (
            <span
              className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs font-bold leading-5 text-white"
              aria-hidden
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[70vh] w-[calc(100vw-1rem)] max-w-sm flex-col rounded-xl border border-line bg-white shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 className="font-bold">Notifications</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              Mark all read
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {page.isPending ? (
              <p className="px-3 py-6 text-center text-sm text-muted">Loading…</p>
            ) : page.isError ? (
              <p role="alert" className="px-3 py-6 text-center text-sm text-danger">
                Notifications could not be loaded.
              </p>
            ) : items.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-muted">
                Nothing yet. Offers, messages and alerts will show up here.
              </p>
            ) : (
              <NotificationList items={items} onOpen={onOpen} compact />
            )}
          </div>
          <div className="flex flex-wrap justify-between gap-2 border-t border-line px-4 py-2.5 text-sm">
            <Link
              to="/notifications"
              onClick={() => setOpen(false)}
              className="font-semibold text-brand-800 hover:underline"
            >
              See all
            </Link>
            <Link
              to="/settings/notifications"
              onClick={() => setOpen(false)}
              className="text-muted hover:underline"
            >
              Email settings
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
