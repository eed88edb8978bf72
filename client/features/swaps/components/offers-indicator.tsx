import type { ClientUser } from '../../../../shared/auth.schemas';
import { useI18n } from '../../../lib/use-i18n';
import { useSwapRequests } from '../api/swap-requests';
import { isUnseen, useSeenOffers } from '../seen-offers';

/** How many of the member's offers changed since they last looked at My Offers. */
export function useUnseenOfferCount(user: ClientUser | null): number {
  const requests = useSwapRequests(!!user);
  const { seen } = useSeenOffers(user?.id);
  if (!user || !requests.data) return 0;
  return requests.data.filter(
    (r) =>
      isUnseen(seen, r) && (r.toUserId === user.id || r.status !== 'pending' || r.unreadCount > 0),
  ).length;
}

export function OffersIndicator({ count }: { count: number }) {
  const { _ } = useI18n();
  if (count === 0) return null;
  return (
    <span className="shrink-0 rounded-full bg-rose-600 px-1.5 text-xs font-bold leading-5 text-white">
      {count}
      <span className="sr-only"> {_('nav.new')}</span>
    </span>
  );
}
