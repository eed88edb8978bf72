import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { usePageViewReporting } from '../../features/analytics/api/page-views';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { OfflineBanner } from '../../features/pwa/online-status';
import { useI18n } from '../../lib/use-i18n';
import { Footer } from './footer';
import { Header } from './header';
import { MemberLiveEvents } from './lazy-member-chrome';

/**
 * Marks the document once React has drawn (or, on a page the server drew, taken over) its first
 * page: `<html data-app="running">`. A drawn page looks the same before its app has run, and its
 * scripts arrive after it has painted, so the browser tests wait for this rather than for a quiet
 * network. Rendered beside the page, in its Suspense boundary: its effect runs when the page does.
 */
function AppRunning() {
  useEffect(() => {
    document.documentElement.dataset.app = 'running';
  }, []);
  return null;
}

/**
 * The shell around every page. Public pages (home, browse, an item, the static pages) paint at
 * once, the header saying 'Loading...' until the signed-in state is known; member pages wait for
 * it behind the 'Loading...' screen, as they would otherwise send a signed-in member to sign in.
 */
export function RootLayout({ isPublicPage }: { isPublicPage: (pathname: string) => boolean }) {
  const { isLoading, isSignedIn } = useCurrentUser();
  const { pathname } = useLocation();
  usePageViewReporting();
  const { _ } = useI18n();
  // The same element in every render. When the signed-in state or the settings answer, this
  // layout renders again; new props for a page React has not hydrated yet would make it hydrate
  // the whole page at once, in one long task (the answer comes through useSyncExternalStore, so
  // at sync priority), instead of in the short slices of a transition (issue 19 §4, TBT).
  const page = useMemo(
    () => (
      <Suspense fallback={<LoadingScreen label={_('header.loading')} tall />}>
        <Outlet />
        <AppRunning />
      </Suspense>
    ),
    // Only a change of language makes a new one (its translator's `_`).
    [_],
  );
  if (isLoading && !isPublicPage(pathname)) return <LoadingScreen label={_('header.loading')} />;
  return (
    <div className="flex min-h-screen flex-col">
      <OfflineBanner />
      {isSignedIn && (
        // The live stream keeps a member's offers, matches and bell current.
        <Suspense fallback={null}>
          <MemberLiveEvents />
        </Suspense>
      )}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {_('layout.skipToContent')}
      </a>
      <Header />
      <main id="main" className="flex-1">
        {/* As tall as a screen, so that the footer does not show and then move down. */}
        {page}
      </main>
      <Footer />
    </div>
  );
}
