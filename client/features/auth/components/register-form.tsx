import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { RegisterInput } from '../../../../shared/auth.schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/auth-mutations';
import { CredentialFields } from './credential-fields';

export const ACCOUNT_EXISTS = {
  title: 'Account Already Exists',
  text: 'This email is already registered. Please use the Login tab to sign in with your existing account.',
};

/** SPEC §4: after an 'already exists' error the form switches back to sign-in. */
export const SWITCH_TO_SIGN_IN_DELAY_MS = 2000;

export function RegisterForm({ onSwitchToSignIn }: { onSwitchToSignIn: () => void }) {
  const navigate = useNavigate();
  const register = useRegister();
  const switchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(switchTimer.current), []);
  const form = useForm<RegisterInput>({
    resolver: lazyZodResolver(
      async () => (await import('../../../../shared/auth.schemas')).registerSchema,
    ),
    defaultValues: {
      firstName: '',
      lastName: '',
      nickname: '',
      email: '',
      password: '',
      agreeToTerms: false,
    },
  });
  const values = form.watch();
  const { errors } = form.formState;
  const complete =
    !!values.firstName &&
    !!values.lastName &&
    !!values.nickname &&
    !!values.email &&
    !!values.password &&
    values.agreeToTerms;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const user = await register.mutateAsync(input);
      toast.success('Account created', {
        description: `We sent a link to ${user.email} to verify your address.`,
      });
      navigate('/');
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (message.includes('already exists')) {
        toast.error(ACCOUNT_EXISTS.title, { description: ACCOUNT_EXISTS.text });
        switchTimer.current = setTimeout(onSwitchToSignIn, SWITCH_TO_SIGN_IN_DELAY_MS);
      } else {
        toast.error('Registration Failed', { description: message });
      }
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Create account"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <Field
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <Field
        label="Nickname"
        autoComplete="nickname"
        hint="Shown to other members instead of your name."
        error={errors.nickname?.message}
        {...form.register('nickname')}
      />
      <CredentialFields register={form.register} errors={errors} password="new-password" />
      <div>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            aria-invalid={errors.agreeToTerms ? true : undefined}
            aria-describedby={errors.agreeToTerms ? 'terms-error' : undefined}
            {...form.register('agreeToTerms')}
          />
          <span>
            I agree to the{' '}
            <Link to="/terms" className="font-medium text-brand-700 underline" target="_blank">
              Terms and Conditions
            </Link>
          </span>
        </label>
        {errors.agreeToTerms && (
          <p id="terms-error" role="alert" className="mt-1 text-sm font-medium text-danger">
            {errors.agreeToTerms.message}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={!complete || register.isPending}>
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
