import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { requestPasswordResetSchema } from '../../../../shared/auth.schemas';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className="text-sm font-medium text-brand-700 hover:underline">
        Forgot password?
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold">Reset your password</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                Enter the email address of your account and we will send you a link to choose a new
                password.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
