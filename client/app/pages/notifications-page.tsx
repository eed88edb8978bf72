import { Bell, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.inbox';
import { NOTIFICATIONS_MAX_PAGE_SIZE } from '../../../shared/notifications';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import {
  useMarkNotificationsRead,
  useNotifications,
} from '../../features/notifications/api/notifications';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('inbox', englishMessages);

const STEP = 20;

export function NotificationsPage() {
  const { _ } = useI18n();
  const { isSignedIn } = useCurrentUser();
  const [limit, setLimit] = useState(STEP);
  const page = useNotifications(isSignedIn, limit);
  const markRead = useMarkNotificationsRead();

  if (!isSignedIn) {
    return <SignInPrompt title={_('inbox.signInTitle')} text={_('inbox.signInText')} />;
  }
  if (page.isPending) return <LoadingScreen label={_('header.loading')} />;
  const items = page.data?.items ?? [];
  const unread = page.data?.unread ?? 0;
  return (
    <Page narrow>
      <PageTitle
        lead={unread === 0 ? _('inbox.allRead') : _('inbox.unreadCount', { count: unread })}
      >
        {_('inbox.title')}
      </PageTitle>
      <div className="mb-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {_('inbox.markAllRead')}
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to="/settings/notifications">
            <Settings className="size-4" aria-hidden /> {_('inbox.emailSettings')}
          </Link>
        </Button>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={Bell} title={_('inbox.noneTitle')} text={_('inbox.noneText')}>
          <Button asChild>
            <Link to="/browse">{_('inbox.browse')}</Link>
          </Button>
        </EmptyState>
      ) : (
        <div className="rounded-2xl border border-line bg-white p-2">
          <NotificationList
            items={items}
            onOpen={(n) => {
              if (!n.read) markRead.mutate({ ids: [n.id] });
            }}
          />
        </div>
      )}
      {items.length === limit && limit < NOTIFICATIONS_MAX_PAGE_SIZE && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="outline"
            disabled={page.isFetching}
            onClick={() => setLimit((l) => Math.min(l + STEP, NOTIFICATIONS_MAX_PAGE_SIZE))}
          >
            {page.isFetching ? _('inbox.loadingOlder') : _('inbox.showOlder')}
          </Button>
        </div>
      )}
    </Page>
  );
}
