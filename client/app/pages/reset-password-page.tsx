import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RESET_MESSAGES } from '../../../shared/auth.schemas';
import { PASSWORD_MIN_LENGTH } from '../../../shared/limits';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { PasswordField } from '../../components/ui/password-field';
import { useConfirmPasswordReset } from '../../features/auth/api/auth-mutations';
import { toast } from '../../lib/toast';

/** SPEC §4: to /auth 2 seconds after success. */
export const REDIRECT_AFTER_RESET_MS = 2000;

export function ResetPasswordPage() {
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
          <h1 className="mt-3 text-2xl font-bold">{RESET_MESSAGES.invalidLink.title}</h1>
          <p className="mt-2 text-muted">{RESET_MESSAGES.invalidLink.text}</p>
          <Button asChild className="mt-6">
            <Link to="/auth">Back to Sign In</Link>
          </Button>
        </Card>
      </Page>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast.error(RESET_MESSAGES.tooShort.title, { description: RESET_MESSAGES.tooShort.text });
      return;
    }
    if (password !== confirmation) {
      toast.error(RESET_MESSAGES.mismatch.title, { description: RESET_MESSAGES.mismatch.text });
      return;
    }
    try {
      const result = await confirm.mutateAsync({ token, newPassword: password });
      toast.success('Password Reset Successful', { description: result.message });
      timer.current = setTimeout(() => navigate('/auth'), REDIRECT_AFTER_RESET_MS);
    } catch (error) {
      toast.error('Reset Failed', {
        description:
          error instanceof Error && error.message ? error.message : 'Failed to reset password',
      });
    }
  };

  return (
    <Page narrow className="max-w-lg">
      <Card className="p-5 sm:p-8">
        <h1 className="text-2xl font-bold">Choose a new password</h1>
        <p className="mt-2 text-muted">
          It must be at least {PASSWORD_MIN_LENGTH} characters long.
        </p>
        <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4">
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
          <Button type="submit" size="lg" disabled={confirm.isPending || confirm.isSuccess}>
            {confirm.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </form>
        <Button asChild variant="ghost" className="mt-3 w-full">
          <Link to="/auth">Back to Sign In</Link>
        </Button>
      </Card>
    </Page>
  );
}
