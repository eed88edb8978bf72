import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { RegisterInput } from '../../../../shared/auth.schemas';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.register';
import type { Translate } from '../../../../shared/i18n/translator';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { addMessages } from '../../../lib/i18n';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { richText } from '../../../lib/rich-text';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useRegister } from '../api/auth-mutations';
import { CredentialFields } from './credential-fields';

addMessages('register', englishMessages);

/**
 * The schema's messages (shared/auth.schemas.ts, English like the server's) in the reader's
 * language, matched by their English text: the schema loads only with the first check. Any
 * other message shows as it is.
 */
function checkMessage(_: Translate, message: string | undefined): string | undefined {
  if (!message) return message;
  const passwordLong = /^Password must be at most (\d+) characters$/.exec(message);
  if (passwordLong) return _('register.error.passwordLong', { max: Number(passwordLong[1]) });
  const tooLong = /^Must be at most (\d+) characters$/.exec(message);
  if (tooLong) return _('register.error.tooLong', { max: Number(tooLong[1]) });
  const known: Record<string, Parameters<Translate>[0]> = {
    'First name is required': 'register.error.firstName',
    'Last name is required': 'register.error.lastName',
    'Nickname is required': 'register.error.nickname',
    'Invalid email address': 'register.error.email',
    'Password must be at least 6 characters': 'register.error.passwordShort',
    'You must agree to the terms and conditions': 'register.error.terms',
  };
  const id = known[message];
  return id ? _(id) : message;
}

/** SPEC §4: after an 'already exists' error the form switches back to sign-in. */
export const SWITCH_TO_SIGN_IN_DELAY_MS = 2000;

export function RegisterForm({ onSwitchToSignIn }: { onSwitchToSignIn: () => void }) {
  const { _ } = useI18n();
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
      toast.success(_('register.created'), {
        description: _('register.createdText', { email: user.email }),
      });
      navigate('/');
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (message.includes('already exists')) {
        toast.error(_('register.existsTitle'), { description: _('register.existsText') });
        switchTimer.current = setTimeout(onSwitchToSignIn, SWITCH_TO_SIGN_IN_DELAY_MS);
      } else {
        toast.error(_('register.failed'), { description: message });
      }
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={_('register.form')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={_('register.firstName')}
          autoComplete="given-name"
          error={checkMessage(_, errors.firstName?.message)}
          {...form.register('firstName')}
        />
        <Field
          label={_('register.lastName')}
          autoComplete="family-name"
          error={checkMessage(_, errors.lastName?.message)}
          {...form.register('lastName')}
        />
      </div>
      <Field
        label={_('register.nickname')}
        autoComplete="nickname"
        hint={_('register.nicknameHint')}
        error={checkMessage(_, errors.nickname?.message)}
        {...form.register('nickname')}
      />
      <CredentialFields
        register={form.register}
        errors={{
          email: { message: checkMessage(_, errors.email?.message) },
          password: { message: checkMessage(_, errors.password?.message) },
        }}
        password="new-password"
      />
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
            {richText((marks) => _('register.agree', marks), {
              terms: (
                <Link to="/terms" className="font-medium text-brand-700 underline" target="_blank">
                  {_('register.terms')}
                </Link>
              ),
            })}
          </span>
        </label>
        {errors.agreeToTerms && (
          <p id="terms-error" role="alert" className="mt-1 text-sm font-medium text-danger">
            {checkMessage(_, errors.agreeToTerms.message)}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={!complete || register.isPending}>
        {register.isPending ? _('register.pending') : _('register.submit')}
      </Button>
    </form>
  );
}
