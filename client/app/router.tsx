import { type ComponentType, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RootLayout } from './layout/root-layout';

/** Route-level code splitting: each page module loads on first visit. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        {['/auth', '/login'].map((path) => (
          <Route key={path} path={path} element={<AuthPage />} />
        ))}
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        {['/wallet', '/membership'].map((path) => (
          <Route key={path} path={path} element={<MembershipPage />} />
        ))}
        {['/browse', '/home'].map((path) => (
          <Route key={path} path={path} element={<BrowsePage />} />
        ))}
        <Route path="/item/:id" element={<ItemDetailPage />} />
        <Route path="/create-listing" element={<CreateListingPage />} />
        {['/edit-listing/:id', '/edit/:id'].map((path) => (
          <Route key={path} path={path} element={<EditListingPage />} />
        ))}
        <Route path="/saved-items" element={<SavedItemsPage />} />
        <Route path="/my-offers" element={<MyOffersPage />} />
        <Route path="/matches" element={<MatchesPage />} />
        <Route path="/circles/:id" element={<CirclePage />} />
        <Route path="/rounds" element={<RoundsPage />} />
        <Route path="/rounds/:id" element={<RoundPage />} />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/settings/notifications" element={<NotificationSettingsPage />} />
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
        <Route path="/alerts" element={<AlertsPage />} />
        {['/profile/:id?', '/settings'].map((path) => (
          <Route key={path} path={path} element={<ProfilePage />} />
        ))}
        <Route path="/test-search" element={<TestSearchPage />} />
        <Route path="/category-test" element={<CategoryTestPage />} />
        <Route path="/how-it-works" element={<HowItWorksPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/disclaimer" element={<DisclaimerPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
