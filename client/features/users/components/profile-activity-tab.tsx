import { Calendar } from 'lucide-react';
import { Link } from 'react-router';
import type { Activity } from '../../../../shared/users';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { formatDate } from '../../../lib/format';
import { useActivity } from '../api/users';

function ActivityLine({ event }: { event: Activity }) {
  if (event.type === 'listed') {
    return (
      <>
        Listed{' '}
        <Link to={`/item/${event.item.id}`} className="font-semibold hover:underline">
          {event.item.title}
        </Link>
      </>
    );
  }
  if (event.type === 'swap-completed') {
    return event.item ? (
      <>
        Completed a swap for{' '}
        <Link to={`/item/${event.item.id}`} className="font-semibold hover:underline">
          {event.item.title}
        </Link>
      </>
    ) : (
      <>Completed a swap</>
    );
  }
  return (
    <>
      Received {event.rating}★ from{' '}
      <Link to={`/profile/${event.from.id}`} className="font-semibold hover:underline">
        {event.from.name}
      </Link>
    </>
  );
}

/** Loads the member's activity when the tab first opens, not with the profile. */
export function ProfileActivityTab({ userId }: { userId: string }) {
  const activity = useActivity(userId);
  if (activity.isPending) return <LoadingScreen />;
  const events = activity.data ?? [];
  if (events.length === 0) {
    return (
      <EmptyState
        icon={Calendar}
        title="No activity yet"
        text="Listings, completed swaps and ratings show up here."
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
            {formatDate(event.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
