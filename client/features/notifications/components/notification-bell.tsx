import { lazy, Suspense, useState } from 'react';
import { withParts } from '../../../lib/i18n';
import { prefetchOnApproach } from '../../../lib/prefetch';
import { useI18n } from '../../../lib/use-i18n';
import { useNotifications } from '../api/notifications';
import { BellButton } from './bell-button';

const loadPanel = withParts(() => import('./notification-panel'));
const NotificationPanel = lazy(loadPanel);

/**
 * The header's bell: the unread count in its label and on a badge, kept live by the stream.
 * The panel's code is fetched when the pointer or focus reaches the bell, and shown on click.
 */
export function NotificationBell() {
  const page = useNotifications(true);
  const unread = page.data?.unread ?? 0;
  const [wanted, setWanted] = useState(false);
  const { _ } = useI18n();

  const status = (
    <span className="sr-only" role="status">
      {unread > 0 ? _('header.bellStatus', { unread }) : ''}
    </span>
  );
  if (wanted) {
    return (
      <>
        {status}
        <Suspense fallback={<BellButton unread={unread} aria-busy="true" />}>
          <NotificationPanel defaultOpen />
        </Suspense>
      </>
    );
  }
  return (
    <>
      {status}
      <BellButton
        unread={unread}
        aria-haspopup="dialog"
        aria-expanded={false}
        {...prefetchOnApproach(loadPanel)}
        onClick={() => setWanted(true)}
      />
    </>
  );
}
