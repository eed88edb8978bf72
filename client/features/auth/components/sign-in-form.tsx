import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LoginInput } from '../../../../shared/auth.schemas';
import { messages as englishAuthMessages } from '../../../../shared/i18n/compiled/en.auth';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { addMessages } from '../../../lib/i18n';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useLogin } from '../api/auth-mutations';
import { CredentialFields } from './credential-fields';
import { ForgotPasswordDialog } from './forgot-password-dialog';

// The sign-in screens' English words come with them, not with every page (client/lib/i18n.ts).
addMessages('auth', englishAuthMessages);

export function SignInForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const { _ } = useI18n();
  const form = useForm<LoginInput>({
    resolver: lazyZodResolver(
      async () => (await import('../../../../shared/auth.schemas')).loginSchema,
    ),
    defaultValues: { email: '', password: '' },
  });
  const [email, password] = form.watch(['email', 'password']);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      toast.success(_('signIn.welcomeBack'));
      navigate('/');
    } catch (error) {
      // A rate-limit answer says when to try again; any other failure gets the spec's words.
      const tooMany = error instanceof ApiError && error.status === 429;
      toast.error(_('signIn.failedTitle'), {
        description: tooMany ? error.message : _('signIn.failedText'),
      });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={_('signIn.form')}
    >
      <CredentialFields register={form.register} errors={errors} password="current-password" />
      <div className="-mt-1 flex justify-end">
        <ForgotPasswordDialog defaultEmail={email} />
      </div>
      <Button type="submit" size="lg" disabled={!email || !password || login.isPending}>
        {login.isPending ? _('signIn.pending') : _('signIn.submit')}
      </Button>
    </form>
  );
}
