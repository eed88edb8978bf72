import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.account';
import { PASSWORD_MIN_LENGTH } from '../../../shared/limits';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { PasswordField } from '../../components/ui/password-field';
import { useConfirmPasswordReset } from '../../features/auth/api/auth-mutations';
import { addMessages } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useI18n } from '../../lib/use-i18n';

addMessages('account', englishMessages);

/** SPEC §4: to /auth 2 seconds after success. */
export const REDIRECT_AFTER_RESET_MS = 2000;

export function ResetPasswordPage() {
  const { _ } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!token) {
    return (
      <Page narrow className="max-w-lg">
        <Card className="text-center">
          <AlertTriangle className="mx-auto size-10 text-danger" aria-hidden />
          <h1 className="mt-3 text-2xl font-bold">{_('account.invalidLinkTitle')}</h1>
          <p className="mt-2 text-muted">{_('account.invalidLinkText')}</p>
          <Button asChild className="mt-6">
            <Link to="/auth">{_('account.backToSignIn')}</Link>
          </Button>
        </Card>
      </Page>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast.error(_('account.tooShortTitle'), { description: _('account.tooShortText') });
      return;
    }
    if (password !== confirmation) {
      toast.error(_('account.mismatchTitle'), { description: _('account.mismatchText') });
      return;
    }
    try {
      const result = await confirm.mutateAsync({ token, newPassword: password });
      toast.success(_('account.resetDone'), { description: result.message });
      timer.current = setTimeout(() => navigate('/auth'), REDIRECT_AFTER_RESET_MS);
    } catch (error) {
      toast.error(_('account.resetFailed'), {
        description:
          error instanceof Error && error.message ? error.message : _('account.resetFailedText'),
      });
    }
  };

  return (
    <Page narrow className="max-w-lg">
      <Card className="p-5 sm:p-8">
        <h1 className="text-2xl font-bold">{_('account.newPasswordTitle')}</h1>
        <p className="mt-2 text-muted">
          {_('account.newPasswordText', { min: PASSWORD_MIN_LENGTH })}
        </p>
        <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
          <PasswordField
            label={_('account.newPassword')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <PasswordField
            label={_('account.confirmPassword')}
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
          <Button type="submit" size="lg" disabled={confirm.isPending || confirm.isSuccess}>
            {confirm.isPending ? _('account.updating') : _('account.updatePassword')}
          </Button>
        </form>
        <Button asChild variant="ghost" className="mt-3 w-full">
          <Link to="/auth">{_('account.backToSignIn')}</Link>
        </Button>
      </Card>
    </Page>
  );
}
