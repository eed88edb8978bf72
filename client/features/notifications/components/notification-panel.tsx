import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.inbox';
import type { Notification } from '../../../../shared/notifications';
import { Button } from '../../../components/ui/button';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';
import { BellButton } from './bell-button';
import { NotificationList } from './notification-list';

addMessages('inbox', englishMessages);

/**
 * The bell with its panel of the newest notifications. Loaded on the first click of the bell,
 * so the home route does not carry the panel's code; it opens at once when it arrives.
 */
export default function NotificationPanel({ defaultOpen }: { defaultOpen: boolean }) {
  const { _ } = useI18n();
  const [open, setOpen] = useState(defaultOpen);
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
      <Popover.Trigger asChild>
        <BellButton unread={unread} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={_('inbox.title')}
          className="z-50 flex max-h-[70vh] w-[calc(100vw-1rem)] max-w-sm flex-col rounded-xl border border-line bg-white shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 className="font-bold">{_('inbox.title')}</h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {_('inbox.markAllRead')}
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {page.isPending ? (
              <p className="px-3 py-6 text-center text-sm text-muted">{_('inbox.loading')}</p>
            ) : page.isError ? (
              <p role="alert" className="px-3 py-6 text-center text-sm text-danger">
                {_('inbox.loadFailed')}
              </p>
            ) : items.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-muted">{_('inbox.nothingYet')}</p>
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
              {_('inbox.seeAll')}
            </Link>
            <Link
              to="/settings/notifications"
              onClick={() => setOpen(false)}
              className="text-muted hover:underline"
            >
              {_('inbox.emailSettings')}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
