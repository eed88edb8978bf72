import { ArrowLeftRight, Share2 } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { VisitCounter } from '../../features/analytics/components/visit-counter';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { FeaturedCarousel } from '../../features/items/components/featured-carousel';
import { useNewMatchCount } from '../../features/matching/api/matching';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useSiteConfig } from '../../features/site/api/site-config';
import {
  OffersIndicator,
  useUnseenOfferCount,
} from '../../features/swaps/components/offers-indicator';
import { cn } from '../../lib/cn';
import { AccountMenuButton } from './account-button';
import { MobileMenuButton } from './mobile-menu-button';
import { SIGNED_IN_LINKS, SIGNED_OUT_LINKS } from './nav-links';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-10 items-center gap-1.5 rounded-xl px-3 text-sm font-medium transition-colors hover:bg-brand-50',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-ink',
  );

const WIDE = '(min-width: 768px)';

/** Whether the screen is at least `md` wide; the header's centre (carousel, counter) shows only then. */
function useWideScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(WIDE).matches,
    // Pre-rendered HTML (client/app/prerender.tsx) is a phone's: the centre comes on hydration.
    () => false,
  );
}

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const { siteName, socialUrl } = useSiteConfig();
  const unseenOffers = useUnseenOfferCount(user);
  // On /matches itself every match on screen is seen.
  const onMatches = useLocation().pathname === '/matches';
  const newMatches = useNewMatchCount(!!user && !onMatches);
  // On a phone the carousel is hidden: not rendered, it neither fetches 20 listings nor turns.
  const wide = useWideScreen();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-brand-800"
          aria-label={`${siteName} home`}
        >
          <span className="inline-flex size-9 items-center justify-center rounded-xl bg-brand-700 text-white">
            <ArrowLeftRight className="size-5" aria-hidden />
          </span>
          <span className="text-lg">{siteName}</span>
        </Link>

        <div className="hidden min-w-0 flex-1 items-center justify-center gap-4 md:flex">
          {wide && (
            <>
              <FeaturedCarousel />
              <VisitCounter />
            </>
          )}
        </div>
        <div className="flex-1 md:hidden" />

        <a
          href={socialUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="hidden rounded-xl p-2 text-muted hover:bg-brand-50 hover:text-brand-800 sm:inline-flex"
          aria-label="Follow us on social media (opens in a new tab)"
        >
          <Share2 className="size-5" aria-hidden />
        </a>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {isLoading
            ? null
            : user
              ? SIGNED_IN_LINKS.map(({ to, label, icon: Icon, iconOnly }) => (
                  <NavLink
                    key={to}
                    to={to}
                    className={navClass}
                    aria-label={iconOnly ? label : undefined}
                    title={label}
                  >
                    {Icon && <Icon className="size-5" aria-hidden />}
                    {!iconOnly && label}
                    {to === '/my-offers' && <OffersIndicator count={unseenOffers} />}
                    {to === '/matches' && <OffersIndicator count={newMatches} />}
                  </NavLink>
                ))
              : SIGNED_OUT_LINKS.map(({ to, label }) => (
                  <NavLink key={to} to={to} className={navClass}>
                    {label}
                  </NavLink>
                ))}
        </nav>

        {isLoading ? (
          // Public pages paint before the signed-in state is known (root-layout.tsx).
          <span role="status" className="text-sm text-muted">
            Loading...
          </span>
        ) : user ? (
          <div className="flex items-center gap-1 sm:gap-2">
            <NotificationBell />
            <span className="hidden rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tracking-wide text-amber-900 sm:inline">
              FREE
            </span>
            <AccountMenuButton user={user} />
          </div>
        ) : (
          <div className="hidden items-center gap-2 md:flex">
            <Button asChild variant="ghost" size="sm">
              <Link to="/auth">Sign in</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/auth?mode=register">Register</Link>
            </Button>
          </div>
        )}
        <MobileMenuButton user={user} />
      </div>
    </header>
  );
}
