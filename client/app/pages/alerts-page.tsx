import { BellRing, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { MAX_SAVED_SEARCHES } from '../../../shared/alert-frequencies';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.alerts';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useSavedSearches } from '../../features/alerts/api/saved-searches';
import { AlertList } from '../../features/alerts/components/alert-list';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { addMessages } from '../../lib/i18n';
import { richText } from '../../lib/rich-text';
import { useI18n } from '../../lib/use-i18n';

addMessages('alerts', englishMessages);

export function AlertsPage() {
  const { _ } = useI18n();
  const { isSignedIn } = useCurrentUser();
  const alerts = useSavedSearches(isSignedIn);
  if (!isSignedIn) {
    return <SignInPrompt title={_('alerts.signInTitle')} text={_('alerts.signInText')} />;
  }
  if (alerts.isPending) return <LoadingScreen label={_('header.loading')} />;
  const list = alerts.data ?? [];
  return (
    <Page narrow>
      <PageTitle lead={_('alerts.lead', { count: list.length, max: MAX_SAVED_SEARCHES })}>
        {_('alerts.title')}
      </PageTitle>
      {alerts.isError ? (
        <p role="alert" className="text-danger">
          {_('alerts.loadFailed')}
        </p>
      ) : list.length === 0 ? (
        <EmptyState icon={BellRing} title={_('alerts.none')} text={_('alerts.noneText')}>
          <Button asChild>
            <Link to="/browse">{_('alerts.browse')}</Link>
          </Button>
        </EmptyState>
      ) : (
        <AlertList alerts={list} />
      )}
      <p className="mt-6 text-sm text-muted">
        {richText((marks) => _('alerts.emailNote', marks), {
          settings: (
            <Link to="/settings/notifications" className="font-medium text-brand-800 underline">
              <Settings className="me-1 inline size-4" aria-hidden />
              {_('alerts.settings')}
            </Link>
          ),
        })}
      </p>
    </Page>
  );
}
