import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page, PageTitle } from '../../components/ui/page';
import { AccountData } from '../../features/account/components/account-data';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { SignInPrompt } from '../../features/auth/components/sign-in-prompt';
import { BlockedList } from '../../features/blocks/components/blocked-list';
import { NotificationSettingsForm } from '../../features/notifications/components/notification-settings';
import { PushSettings } from '../../features/pwa/components/push-settings';

export function NotificationSettingsPage() {
  const { isSignedIn } = useCurrentUser();
  if (!isSignedIn) {
    return (
      <SignInPrompt
        title="Sign in to change your notification settings"
        text="Choose which notifications also reach you by email or as push notifications."
      />
    );
  }
  return (
    <Page narrow>
      <PageTitle lead="What reaches your inbox and your devices, and how often.">
        Notification settings
      </PageTitle>
      <Card>
        <NotificationSettingsForm />
      </Card>
      <PushSettings />
      <Card className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-xl font-bold">Want alerts</h2>
          <p className="mt-1 text-sm text-muted">
            Saved searches that tell you when a matching listing appears.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to="/alerts">
            <BellRing className="size-4" aria-hidden /> Manage alerts
          </Link>
        </Button>
      </Card>
      <Card className="mt-6 flex flex-col gap-3">
        <div>
          <h2 className="text-xl font-bold">Blocked members</h2>
          <p className="mt-1 text-sm text-muted">
            They cannot send you offers, messages or swap circles, and you do not see each other's
            listings in matches and alerts.
          </p>
        </div>
        <BlockedList />
      </Card>
      <AccountData />
    </Page>
  );
}
