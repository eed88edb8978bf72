import { Calendar } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import type { Activity } from '../../../../shared/users';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { useActivity } from '../api/users';

addMessages('profile', englishMessages);

function ActivityLine({ event }: { event: Activity }) {
  const { _ } = useI18n();
  const itemLink = (item: { id: number; title: string }) => (
    <Link to={`/item/${item.id}`} className="font-semibold hover:underline">
      {item.title}
    </Link>
  );
  if (event.type === 'listed')
    return richText((marks) => _('profile.activityListed', marks), { item: itemLink(event.item) });
  if (event.type === 'swap-completed') {
    return event.item
      ? richText((marks) => _('profile.activitySwapFor', marks), { item: itemLink(event.item) })
      : _('profile.activitySwap');
  }
  return richText((marks) => _('profile.activityRating', { ...marks, rating: event.rating }), {
    from: (
      <Link to={`/profile/${event.from.id}`} className="font-semibold hover:underline">
        {event.from.name}
      </Link>
    ),
  });
}

/** Loads the member's activity when the tab first opens, not with the profile. */
export function ProfileActivityTab({ userId }: { userId: string }) {
  const { _, locale } = useI18n();
  const activity = useActivity(userId);
  if (activity.isPending) return <LoadingScreen label={_('header.loading')} />;
  const events = activity.data ?? [];
  if (events.length === 0) {
    return (
      <EmptyState
        icon={Calendar}
        title={_('profile.noActivity')}
        text={_('profile.noActivityText')}
      />
    );
  }
  return (
    <ol className="flex flex-col gap-2">
      {events.map((event) => (
        <li
          key={`${event.type}-${event.at}`}
          className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-line bg-white px-4 py-3"
        >
          <span>
            <ActivityLine event={event} />
          </span>
          <time dateTime={event.at} className="text-sm text-muted">
            {formatDate(event.at, locale)}
          </time>
        </li>
      ))}
    </ol>
  );
}
