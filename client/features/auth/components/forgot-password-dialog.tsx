import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useRequestPasswordReset } from '../api/auth-mutations';

export function ForgotPasswordDialog({ defaultEmail }: { defaultEmail: string }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestPasswordReset();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setEmail(defaultEmail);
      setError(undefined);
      request.reset();
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // zod loads with the first request for a link, not with the sign-in page.
    const { requestPasswordResetSchema } = await import('../../../../shared/auth.schemas');
    const parsed = requestPasswordResetSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await request.mutateAsync(parsed.data.email);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to send the link');
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => onOpenChange(true)}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        Forgot password?
      </button>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title="Reset your password"
        description="Enter the email address of your account and we will send you a link to choose a new password."
      >
        {request.isSuccess ? (
          <p role="status" className="rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
            {request.data.message}
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
            />
            <Button type="submit" disabled={!email.trim() || request.isPending}>
              {request.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </form>
        )}
      </Modal>
    </>
  );
}
