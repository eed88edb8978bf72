import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';

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
  return (
    <>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete={password}
        error={errors.password?.message}
        {...register('password')}
      />
    </>
  );
}
