import { ArrowLeftRight, Share2 } from 'lucide-react';
import { Suspense, useSyncExternalStore } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { VisitCounter } from '../../features/analytics/components/visit-counter';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { FeaturedCarousel } from '../../features/items/components/featured-carousel';
import { useSiteConfig } from '../../features/site/api/site-config';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/use-i18n';
import { MemberNavLinks, MemberTools } from './lazy-member-chrome';
import { MobileMenuButton } from './mobile-menu-button';
import { SIGNED_OUT_LINKS } from './nav-links';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-10 items-center gap-1.5 whitespace-nowrap rounded-xl px-2.5 text-sm font-medium transition-colors hover:bg-brand-50',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-ink',
  );
/**
 * A member's links may narrow, their labels cut short (the whole label in their tooltip and
 * name) down to their icons, when nothing else is left to give way; the signed-out ones, words
 * only, keep their width.
 */
const memberNavClass = (state: { isActive: boolean }) => cn(navClass(state), 'min-w-0');
const visitorNavClass = (state: { isActive: boolean }) => cn(navClass(state), 'shrink-0');

const WIDE = '(min-width: 768px)';

/**
 * Whether the screen is at least `md` wide; the header's centre (carousel, counter) shows only
 * then. The links take the header from `lg` (below, they are in the menu); the centre has what
 * they and the account's buttons leave, and its parts give way as it narrows (container
 * queries): the "Featured:" label first, then the visit counter, then the listing's title, and
 * last the strip itself; after that, a member's link labels are cut short, down to their icons.
 * Nothing else shrinks, so no link is ever covered and the account's buttons stay on screen,
 * however long the words.
 */
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

function HeaderLoading() {
  const { _ } = useI18n();
  return (
    <span role="status" className="text-sm text-muted">
      {_('header.loading')}
    </span>
  );
}

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const { siteName, socialUrl } = useSiteConfig();
  // On a phone the carousel is hidden: not rendered, it neither fetches 20 listings nor turns.
  const wide = useWideScreen();
  const { _ } = useI18n();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-lg font-bold text-brand-800"
          aria-label={_('header.home', { siteName })}
        >
          <span className="inline-flex size-9 items-center justify-center rounded-xl bg-brand-700 text-white">
            <ArrowLeftRight className="size-5" aria-hidden />
          </span>
          <span className="text-lg">{siteName}</span>
        </Link>

        <div className="@container hidden min-w-0 flex-1 md:block">
          {wide && (
            <div className="flex items-center justify-center gap-3">
              <FeaturedCarousel />
              <span className="hidden shrink-0 @min-[20rem]:inline-flex">
                <VisitCounter />
              </span>
            </div>
          )}
        </div>
        <div className="flex-1 md:hidden" />

        <a
          href={socialUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="hidden shrink-0 rounded-xl p-2 text-muted hover:bg-brand-50 hover:text-brand-800 sm:inline-flex"
          aria-label={_('header.social')}
        >
          <Share2 className="size-5" aria-hidden />
        </a>

        <nav
          aria-label={_('header.mainNav')}
          className="hidden min-w-0 items-center gap-0.5 lg:flex"
        >
          {isLoading ? null : user ? (
            <Suspense fallback={null}>
              <MemberNavLinks user={user} linkClass={memberNavClass} />
            </Suspense>
          ) : (
            SIGNED_OUT_LINKS.map(({ to, label }) => (
              <NavLink key={to} to={to} className={visitorNavClass}>
                {_(label)}
              </NavLink>
            ))
          )}
        </nav>

        {isLoading ? (
          // Public pages paint before the signed-in state is known (root-layout.tsx).
          <HeaderLoading />
        ) : user ? (
          // A member's links and tools come with their chunk (member-chrome.tsx).
          <Suspense fallback={<HeaderLoading />}>
            <MemberTools user={user} />
          </Suspense>
        ) : (
          <div className="hidden shrink-0 items-center gap-2 md:flex">
            <Button asChild variant="ghost" size="sm">
              <Link to="/auth">{_('header.signIn')}</Link>
            </Button>
            <Button asChild size="sm">
              <Link to="/auth?mode=register">{_('header.register')}</Link>
            </Button>
          </div>
        )}
        <MobileMenuButton user={user} />
      </div>
    </header>
  );
}
