import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { MessageId } from '../../../shared/i18n/catalogs/en';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.account';
import { unsubscribeLabel } from '../../../shared/notifications';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Page } from '../../components/ui/page';
import { useUnsubscribe } from '../../features/notifications/api/notifications';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('account', englishMessages);

/** Where an email's unsubscribe link lands (mail clients without one-click): no sign-in. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const label = unsubscribeLabel(token);
  const unsubscribe = useUnsubscribe();
  const { _, has } = useI18n();
  // One whole question per topic (the token's second part), so each language words it its way.
  const question = `account.unsubscribe.${token.split('.')[1]}` as MessageId;

  if (!label) {
    return (
      <Page narrow>
        <EmptyState
          icon={MailX}
          title={_('account.unsubscribeInvalid')}
          text={_('account.unsubscribeInvalidText')}
        >
          <Button asChild variant="outline">
            <Link to="/settings/notifications">{_('account.notificationSettings')}</Link>
          </Button>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page narrow>
      <EmptyState
        icon={MailX}
        title={unsubscribe.isSuccess ? _('account.unsubscribed') : _('account.unsubscribe')}
        text={
          unsubscribe.isSuccess
            ? unsubscribe.data.message
            : has(question)
              ? _(question)
              : `Stop receiving ${label}? You still see them under the bell when you sign in.`
        }
      >
        {!unsubscribe.isSuccess && (
          <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
            {_('account.unsubscribe')}
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/settings/notifications">{_('account.notificationSettings')}</Link>
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
