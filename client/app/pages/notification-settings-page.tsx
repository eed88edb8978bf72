import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.notification-settings';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page, PageTitle } from '../../components/ui/page';
import { AccountData } from '../../features/account/components/account-data';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { BlockedList } from '../../features/blocks/components/blocked-list';
import { NotificationSettingsForm } from '../../features/notifications/components/notification-settings';
import { PushSettings } from '../../features/pwa/components/push-settings';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('notification-settings', englishMessages);

export function NotificationSettingsPage() {
  const { _ } = useI18n();
  const { isSignedIn } = useCurrentUser();
  if (!isSignedIn) {
    return <SignInPrompt title={_('settings.signInTitle')} text={_('settings.signInText')} />;
  }
  return (
    <Page narrow>
      <PageTitle lead={_('settings.lead')}>{_('settings.title')}</PageTitle>
      <Card>
        <NotificationSettingsForm />
      </Card>
      <PushSettings />
      <Card className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-bold">{_('settings.alertsHeading')}</h2>
          <p className="mt-1 text-sm text-muted">{_('settings.alertsText')}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/alerts">
            <BellRing className="size-4" aria-hidden /> {_('settings.manageAlerts')}
          </Link>
        </Button>
      </Card>
      <Card className="mt-6 flex flex-col gap-3">
        <div>
          <h2 className="text-xl font-bold">{_('settings.blockedHeading')}</h2>
          <p className="mt-1 text-sm text-muted">{_('settings.blockedText')}</p>
        </div>
        <BlockedList />
      </Card>
      <AccountData />
    </Page>
  );
}
