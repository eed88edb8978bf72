import { NavLink, useLocation } from 'react-router';
import type { ClientUser } from '../../../shared/auth.schemas';
import { useLiveEvents } from '../../features/events/use-live-events';
import { useNewMatchCount } from '../../features/matching/api/matching';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import {
  OffersIndicator,
  useUnseenOfferCount,
} from '../../features/swaps/components/offers-indicator';
import { useI18n } from '../../lib/use-i18n';
import { AccountMenuButton } from './account-button';
import { SIGNED_IN_LINKS } from './member-links';

/**
 * What only a member's pages show around them: their links with the counts of new offers and
 * matches, the bell and the account's menu, and the live stream that keeps them current. A chunk
 * of its own (lazy-member-chrome.ts): a visitor's page does not fetch the code of the offers,
 * matches and notifications they cannot see.
 */
export function MemberNavLinks({
  user,
  linkClass,
}: {
  user: ClientUser;
  linkClass: (state: { isActive: boolean }) => string;
}) {
  const unseenOffers = useUnseenOfferCount(user);
  // On /matches itself every match on screen is seen.
  const onMatches = useLocation().pathname === '/matches';
  const newMatches = useNewMatchCount(!onMatches);
  const { _ } = useI18n();
  return SIGNED_IN_LINKS.map(({ to, label, icon: Icon, iconOnly }) => (
    <NavLink
      key={to}
      to={to}
      className={linkClass}
      aria-label={iconOnly ? _(label) : undefined}
      title={_(label)}
    >
      {Icon && <Icon className="size-5 shrink-0" aria-hidden />}
      {!iconOnly && <span className="min-w-0 truncate">{_(label)}</span>}
      {to === '/my-offers' && <OffersIndicator count={unseenOffers} />}
      {to === '/matches' && <OffersIndicator count={newMatches} />}
    </NavLink>
  ));
}

export function MemberTools({ user }: { user: ClientUser }) {
  const { _ } = useI18n();
  return (
    <div className="flex shrink-0 items-center gap-1 sm:gap-2">
      <NotificationBell />
      <span className="hidden rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-900 sm:inline">
        {_('header.free')}
      </span>
      <AccountMenuButton user={user} />
    </div>
  );
}

/** Holds the member's live stream open while it is rendered (root-layout.tsx, signed in). */
export function MemberLiveEvents() {
  useLiveEvents(true);
  return null;
}
