import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LoginInput } from '../../../../shared/auth.schemas';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/auth-mutations';
import { CredentialFields } from './credential-fields';
import { ForgotPasswordDialog } from './forgot-password-dialog';

export const SIGN_IN_FAILED = {
  title: 'Sign In Failed',
  text: "Please check your email and password. If you don't have an account yet, use the Register tab to create one.",
};

export function SignInForm() {
  const navigate = useNavigate();
  const login = useLogin();
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
      toast.success('Welcome back!');
      navigate('/');
    } catch (error) {
      // A rate-limit answer says when to try again; any other failure gets the spec's words.
      const tooMany = error instanceof ApiError && error.status === 429;
      toast.error(SIGN_IN_FAILED.title, {
        description: tooMany ? error.message : SIGN_IN_FAILED.text,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      <CredentialFields register={form.register} errors={errors} password="current-password" />
      <div className="-mt-1 flex justify-end">
        <ForgotPasswordDialog defaultEmail={email} />
      </div>
      <Button type="submit" size="lg" disabled={!email || !password || login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
