import { type FormEvent, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.register';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useRequestPasswordReset } from '../api/auth-mutations';

addMessages('register', englishMessages);

export function ForgotPasswordDialog({ defaultEmail }: { defaultEmail: string }) {
  const { _ } = useI18n();
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
      const message = parsed.error.issues[0]?.message;
      // The schema's one check of an address, in the reader's language.
      setError(message === 'Invalid email address' ? _('register.error.email') : message);
      return;
    }
    setError(undefined);
    try {
      await request.mutateAsync(parsed.data.email);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('forgot.failed'));
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => onOpenChange(true)}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        {_('forgot.open')}
      </button>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title={_('forgot.title')}
        description={_('forgot.text')}
      >
        {request.isSuccess ? (
          <p role="status" className="rounded-xl bg-brand-50 p-4 text-sm text-brand-900">
            {request.data.message}
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <Field
              label={_('forgot.email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
            />
            <Button type="submit" disabled={!email.trim() || request.isPending}>
              {request.isPending ? _('forgot.pending') : _('forgot.submit')}
            </Button>
          </form>
        )}
      </Modal>
    </>
  );
}
