import { Bell, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
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

const STEP = 20;

export function NotificationsPage() {
  const { isSignedIn } = useCurrentUser();
  const [limit, setLimit] = useState(STEP);
  const page = useNotifications(isSignedIn, limit);
  const markRead = useMarkNotificationsRead();

  if (!isSignedIn) {
    return (
      <SignInPrompt
        title="Sign in to see your notifications"
        text="Offers, messages, ratings and want alerts are listed here."
      />
    );
  }
  if (page.isPending) return <LoadingScreen />;
  const items = page.data?.items ?? [];
  const unread = page.data?.unread ?? 0;
  return (
    <Page narrow>
      <PageTitle lead={unread === 0 ? 'All read.' : `${unread} unread`}>Notifications</PageTitle>
      <div className="mb-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all read
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to="/settings/notifications">
            <Settings className="size-4" aria-hidden /> Email settings
          </Link>
        </Button>
      </div>
      {items.length === 0 ? (
        <EmptyState
          icon={Bell}
          title="No notifications yet"
          text="When someone makes you an offer, writes to you or lists something you are looking for, you will see it here."
        >
          <Button asChild>
            <Link to="/browse">Browse items</Link>
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
            {page.isFetching ? 'Loading...' : 'Show older'}
          </Button>
        </div>
      )}
    </Page>
  );
}
