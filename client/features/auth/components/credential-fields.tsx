import type { UseFormRegisterReturn } from 'react-hook-form';
import { messages as englishAuthMessages } from '../../../../shared/i18n/compiled/en.auth';
import { Field } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

// The sign-in screens' English words come with them, not with every page (client/lib/i18n.ts).
addMessages('auth', englishAuthMessages);

type Credential = 'email' | 'password';

/**
 * Email and Password, as the sign-in and register forms ask for them; `password` tells password
 * managers whether to fill in a saved password or offer a new one.
 */
export function CredentialFields({
  register,
  errors,
  password,
}: {
  register: (name: Credential) => UseFormRegisterReturn<Credential>;
  errors: Partial<Record<Credential, { message?: string }>>;
  password: 'current-password' | 'new-password';
}) {
  const { _ } = useI18n();
  return (
    <>
      <Field
        label={_('field.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label={_('field.password')}
        autoComplete={password}
        error={errors.password?.message}
        {...register('password')}
      />
    </>
  );
}
