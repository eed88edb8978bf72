import {
  AlertTriangle,
  Bell,
  BellRing,
  CircleCheck,
  CircleX,
  Gift,
  type LucideIcon,
  MessageSquare,
  Repeat,
  Sparkles,
  Star,
} from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.inbox';
import type { Notification, NotificationType } from '../../../../shared/notifications';
import { cn } from '../../../lib/cn';
import { formatRelative } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('inbox', englishMessages);

const ICONS: Partial<Record<NotificationType, LucideIcon>> = {
  'offer-received': Repeat,
  'offer-countered': Repeat,
  'offer-accepted': CircleCheck,
  'offer-completed': CircleCheck,
  // Issue 38: an accepted swap called off by the other party (the text gives their reason).
  'offer-cancelled': CircleX,
  // Issue 38 §2: a give-away went to another requester.
  'request-not-chosen': Gift,
  message: MessageSquare,
  rating: Star,
  'listing-removed': AlertTriangle,
  'account-warning': AlertTriangle,
  // Issue 40 §2: a problem reported about the member after a swap, or the admins' answer to one.
  problem: AlertTriangle,
  alert: BellRing,
  match: Sparkles,
  circle: Sparkles,
};

/** Only links inside the site are followed; anything else opens the notifications page. */
export function safeLink(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
}

/** Notifications as links to what they concern; unread ones are marked, in words too. */
export function NotificationList({
  items,
  onOpen,
  compact,
}: {
  items: Notification[];
  onOpen: (notification: Notification) => void;
  compact?: boolean;
}) {
  const { _, locale } = useI18n();
  return (
    <ul className="flex flex-col divide-y divide-line">
      {items.map((n) => {
        const Icon = ICONS[n.type] ?? Bell;
        return (
          <li key={n.id}>
            <Link
              to={safeLink(n.link)}
              onClick={() => onOpen(n)}
              className={cn(
                'flex gap-3 rounded-lg px-3 text-sm outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600',
                compact ? 'py-2.5' : 'py-3.5',
                !n.read && 'bg-brand-50/60',
              )}
            >
              <Icon
                className={cn('mt-0.5 size-5 shrink-0', n.read ? 'text-muted' : 'text-brand-700')}
                aria-hidden
              />
              <span className="min-w-0 flex-1">
                <span className={cn('block break-words', !n.read && 'font-semibold')}>
                  {!n.read && <span className="sr-only">{_('inbox.unread')}</span>}
                  {n.text}
                </span>
                <time dateTime={n.createdAt} className="mt-0.5 block text-xs text-muted">
                  {formatRelative(n.createdAt, Date.now(), locale)}
                </time>
              </span>
              {!n.read && (
                <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-rose-600" aria-hidden />
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
