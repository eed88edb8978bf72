import { BellRing, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { MAX_SAVED_SEARCHES } from '../../../shared/alert-frequencies';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useSavedSearches } from '../../features/alerts/api/saved-searches';
import { AlertList } from '../../features/alerts/components/alert-list';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';

export function AlertsPage() {
  const { isSignedIn } = useCurrentUser();
  const alerts = useSavedSearches(isSignedIn);
  if (!isSignedIn) {
    return (
      <SignInPrompt
        title="Sign in to see your want alerts"
        text="Save a search on the browse page and hear when a matching listing appears."
      />
    );
  }
  if (alerts.isPending) return <LoadingScreen />;
  const list = alerts.data ?? [];
  return (
    <Page narrow>
      <PageTitle
        lead={`We tell you when someone lists something that matches. ${list.length} of ${MAX_SAVED_SEARCHES}.`}
      >
        Want alerts
      </PageTitle>
      {alerts.isError ? (
        <p role="alert" className="text-danger">
          Your alerts could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <EmptyState
          icon={BellRing}
          title="No alerts yet"
          text="Search on the browse page, then choose “Alert me about new matches”."
        >
          <Button asChild>
            <Link to="/browse">Browse items</Link>
          </Button>
        </EmptyState>
      ) : (
        <AlertList alerts={list} />
      )}
      <p className="mt-6 text-sm text-muted">
        Alerts arrive under the bell; whether they also come by email is set in{' '}
        <Link to="/settings/notifications" className="font-medium text-brand-800 underline">
          <Settings className="mr-1 inline size-4" aria-hidden />
          notification settings
        </Link>
        .
      </p>
    </Page>
  );
}
