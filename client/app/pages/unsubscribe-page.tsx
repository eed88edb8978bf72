import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { unsubscribeLabel } from '../../../shared/notifications';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Page } from '../../components/ui/page';
import { useUnsubscribe } from '../../features/notifications/api/notifications';

/** Where an email's unsubscribe link lands (mail clients without one-click): no sign-in. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const label = unsubscribeLabel(token);
  const unsubscribe = useUnsubscribe();

  if (!label) {
    return (
      <Page narrow>
        <EmptyState
          icon={MailX}
          title="This link is not valid"
          text="Open the unsubscribe link from the email again, or change your emails in your notification settings."
        >
          <Button asChild variant="outline">
            <Link to="/settings/notifications">Notification settings</Link>
          </Button>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page narrow>
      <EmptyState
        icon={MailX}
        title={unsubscribe.isSuccess ? 'Unsubscribed' : 'Unsubscribe'}
        text={
          unsubscribe.isSuccess
            ? unsubscribe.data.message
            : `Stop receiving ${label}? You still see them under the bell when you sign in.`
        }
      >
        {!unsubscribe.isSuccess && (
          <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
            Unsubscribe
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/settings/notifications">Notification settings</Link>
        </Button>
      </EmptyState>
      {unsubscribe.isError && (
        <p role="alert" className="mt-4 text-center font-medium text-danger">
          {unsubscribe.error.message}
        </p>
      )}
    </Page>
  );
}
