import { type ComponentType, lazy } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { withParts } from '../lib/i18n';
import { RootLayout } from './layout/root-layout';

type PageComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * Route-level code splitting: each page module loads on first visit. `preload` fetches it ahead
 * (main.tsx does so for the first page before the first render); once loaded the page renders
 * at once, without the Suspense fallback in between.
 */
function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): PageComponent {
  let loaded: ComponentType | undefined;
  // The page draws only once its words are there in the language in use (withParts).
  const preload = async () => {
    loaded ??= (await withParts(load)())[name] as ComponentType;
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return Object.assign(Page, { preload });
}

const HomePage = page(() => import('./pages/home-page'), 'HomePage');
const AuthPage = page(() => import('./pages/auth-page'), 'AuthPage');
const ResetPasswordPage = page(() => import('./pages/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('./pages/verify-email-page'), 'VerifyEmailPage');
const MembershipPage = page(() => import('./pages/membership-page'), 'MembershipPage');
const NotFoundPage = page(() => import('./pages/not-found-page'), 'NotFoundPage');
const HowItWorksPage = page(() => import('./pages/static-pages'), 'HowItWorksPage');
const HelpPage = page(() => import('./pages/static-pages'), 'HelpPage');
const ContactPage = page(() => import('./pages/static-pages'), 'ContactPage');
const DisclaimerPage = page(() => import('./pages/static-pages'), 'DisclaimerPage');
const TermsPage = page(() => import('./pages/static-pages'), 'TermsPage');
const BrowsePage = page(() => import('./pages/browse-page'), 'BrowsePage');
const ItemDetailPage = page(() => import('./pages/item-detail-page'), 'ItemDetailPage');
const CreateListingPage = page(() => import('./pages/create-listing-page'), 'CreateListingPage');
const EditListingPage = page(() => import('./pages/edit-listing-page'), 'EditListingPage');
const SavedItemsPage = page(() => import('./pages/saved-items-page'), 'SavedItemsPage');
const TestSearchPage = page(() => import('./pages/debug-search-page'), 'TestSearchPage');
const CategoryTestPage = page(() => import('./pages/debug-search-page'), 'CategoryTestPage');
const MyOffersPage = page(() => import('./pages/my-offers-page'), 'MyOffersPage');
const MatchesPage = page(() => import('./pages/matches-page'), 'MatchesPage');
const CirclePage = page(() => import('./pages/circle-page'), 'CirclePage');
const RoundsPage = page(() => import('./pages/rounds-page'), 'RoundsPage');
const RoundPage = page(() => import('./pages/round-page'), 'RoundPage');
const ProfilePage = page(() => import('./pages/profile-page'), 'ProfilePage');
const AdminPage = page(() => import('./pages/admin-page'), 'AdminPage');
const NotificationsPage = page(() => import('./pages/notifications-page'), 'NotificationsPage');
const NotificationSettingsPage = page(
  () => import('./pages/notification-settings-page'),
  'NotificationSettingsPage',
);
const UnsubscribePage = page(() => import('./pages/unsubscribe-page'), 'UnsubscribePage');
const AlertsPage = page(() => import('./pages/alerts-page'), 'AlertsPage');

/**
 * Pages anyone may see: they render while the signed-in state is still loading (the header shows
 * 'Loading...' meanwhile); member pages wait for it behind the 'Loading...' screen (SPEC §2).
 */
const PUBLIC_PAGES = new Set<PageComponent>([
  HomePage,
  BrowsePage,
  ItemDetailPage,
  HowItWorksPage,
  HelpPage,
  ContactPage,
  DisclaimerPage,
  TermsPage,
]);

const ROUTES: Array<[path: string, Page: PageComponent]> = [
  ['/', HomePage],
  ['/auth', AuthPage],
  ['/login', AuthPage],
  ['/reset-password', ResetPasswordPage],
  ['/verify-email', VerifyEmailPage],
  ['/wallet', MembershipPage],
  ['/membership', MembershipPage],
  ['/browse', BrowsePage],
  ['/home', BrowsePage],
  ['/item/:id', ItemDetailPage],
  ['/create-listing', CreateListingPage],
  ['/edit-listing/:id', EditListingPage],
  ['/edit/:id', EditListingPage],
  ['/saved-items', SavedItemsPage],
  ['/my-offers', MyOffersPage],
  ['/matches', MatchesPage],
  ['/circles/:id', CirclePage],
  ['/rounds', RoundsPage],
  ['/rounds/:id', RoundPage],
  ['/admin', AdminPage],
  ['/notifications', NotificationsPage],
  ['/settings/notifications', NotificationSettingsPage],
  ['/unsubscribe', UnsubscribePage],
  ['/alerts', AlertsPage],
  ['/profile/:id?', ProfilePage],
  ['/settings', ProfilePage],
  ['/test-search', TestSearchPage],
  ['/category-test', CategoryTestPage],
  ['/how-it-works', HowItWorksPage],
  ['/help', HelpPage],
  ['/contact', ContactPage],
  ['/disclaimer', DisclaimerPage],
  ['/terms', TermsPage],
];

function pageAt(pathname: string): PageComponent {
  return ROUTES.find(([path]) => matchPath(path, pathname))?.[1] ?? NotFoundPage;
}

/** Fetches the page module `pathname` shows, so the first render shows the page itself. */
export function preloadPage(pathname: string): Promise<unknown> {
  return pageAt(pathname).preload();
}

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGES.has(pageAt(pathname));
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout isPublicPage={isPublicPage} />}>
        {ROUTES.map(([path, Page]) =>
          path === '/' ? (
            <Route key={path} index element={<Page />} />
          ) : (
            <Route key={path} path={path} element={<Page />} />
          ),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
