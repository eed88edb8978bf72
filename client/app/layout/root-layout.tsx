import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { usePageViewReporting } from '../../features/analytics/api/page-views';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useLiveEvents } from '../../features/events/use-live-events';
import { OfflineBanner } from '../../features/pwa/online-status';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  const { isLoading, isSignedIn } = useCurrentUser();
  usePageViewReporting();
  useLiveEvents(isSignedIn);
  if (isLoading) return <LoadingScreen />;
  return (
    <div className="flex min-h-screen flex-col">
      <OfflineBanner />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1 animate-page-in">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
