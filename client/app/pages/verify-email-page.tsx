import { BadgeCheck, MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.account';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page } from '../../components/ui/page';
import { useResendVerification, useVerifyEmail } from '../../features/auth/api/auth-mutations';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('account', englishMessages);

export function VerifyEmailPage() {
  const { _ } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const { isSignedIn } = useCurrentUser();
  const sent = useRef(false);

  useEffect(() => {
    // Once only: the token is single-use, and StrictMode runs effects twice in development.
    if (token && !sent.current) {
      sent.current = true;
      verify.mutate(token);
    }
  }, [token, verify]);

  if (token && (verify.isIdle || verify.isPending))
    return <LoadingScreen label={_('header.loading')} />;

  const ok = verify.isSuccess;
  return (
    <Page narrow className="max-w-lg">
      <Card className="text-center">
        {ok ? (
          <BadgeCheck className="mx-auto size-12 text-brand-700" aria-hidden />
        ) : (
          <MailWarning className="mx-auto size-12 text-danger" aria-hidden />
        )}
        <h1 className="mt-3 text-2xl font-bold">
          {ok ? _('account.verified') : _('account.verifyFailed')}
        </h1>
        <p className="mt-2 text-muted">
          {ok
            ? _('account.verifiedText')
            : (verify.error?.message ?? _('account.verifyLinkInvalid'))}
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          {!ok && isSignedIn && (
            <Button
              variant="outline"
              onClick={() => resend.mutate()}
              disabled={resend.isPending || resend.isSuccess}
            >
              {resend.isSuccess ? _('account.linkSent') : _('account.sendNewLink')}
            </Button>
          )}
          <Button asChild>
            <Link to="/">{_('account.backHome')}</Link>
          </Button>
        </div>
        {resend.data && (
          <p role="status" className="mt-3 text-sm text-muted">
            {resend.data.message}
          </p>
        )}
        {resend.error && (
          <p role="alert" className="mt-3 text-sm text-danger">
            {resend.error.message}
          </p>
        )}
      </Card>
    </Page>
  );
}
