import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offer-dialogs';
import { MESSAGE_MAX_LENGTH } from '../../../../shared/swap-display';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { addMessages, currentTranslator } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';

addMessages('offer-dialogs', englishMessages);

/** The text areas of the offer and counter-offer forms. */
export const offerTextareaClass =
  'block w-full rounded-xl border border-line bg-white px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200';

/**
 * The dialog and form of an offer or a counter-offer. However it is closed (Cancel, Escape, the
 * close button), `close` runs, so the caller both closes it and forgets the draft.
 */
export function OfferFormDialog({
  open,
  onOpenChange,
  close,
  title,
  description,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  close: () => void;
  title: string;
  description: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={title}
      description={description}
      className="overflow-y-auto"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {children}
      </form>
    </Modal>
  );
}

/** What sending a new offer or a request for a give-away needs to know (useOfferSubmit). */
export type OfferSubmit = {
  /** The message as typed: a blank one is refused before anything is sent. */
  message: string;
  /** Sends it, given the message trimmed. */
  send: (message: string) => Promise<unknown>;
  /** The toast once it is sent. */
  sent: { title: string; description: string };
  /** The refusal's toast, and the dialog's words when the server gives none. */
  failed: string;
  /** Once sent: closes the dialog and forgets the draft (whose reset calls `clearError`). */
  done: () => void;
};

/**
 * The submit of a new offer (SwapOfferDialog) or a request (RequestGiveawayDialog), which must
 * answer alike: a message is required (said in a toast, nothing sent); sent, a toast and the
 * dialog closes; refused, SPEC §8's toast ('Failed to send offer' for an offer) and the server's
 * words in the dialog too, beside what they are about (shown by OfferFormError).
 */
export function useOfferSubmit(options: OfferSubmit) {
  const [error, setError] = useState<string>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const message = options.message.trim();
    if (!message) {
      // A toast outlives the render: the language in use when it is shown.
      const { _ } = currentTranslator();
      toast.error(_('offerForm.messageRequired'), { description: _('offerForm.enterMessage') });
      return;
    }
    setError(undefined);
    try {
      await options.send(message);
      toast.success(options.sent.title, { description: options.sent.description });
      options.done();
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : undefined;
      toast.error(options.failed, { description: reason });
      setError(reason ?? options.failed);
    }
  };
  return { error, onSubmit, clearError: () => setError(undefined) };
}

/** "Your Message": the words that go with an offer or a counter-offer (its first chat message). */
export function OfferMessageField({
  value,
  onChange,
  rows,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  rows: number;
  placeholder: string;
}) {
  const id = useId();
  const { _ } = useI18n();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {_('offerForm.message')}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={placeholder}
        className={offerTextareaClass}
      />
    </div>
  );
}

/** Cancel, and the submit button, which says "Sending..." while the offer is on its way. */
export function OfferFormActions({
  onCancel,
  submitLabel,
  pending,
  disabled,
  className,
}: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  disabled: boolean;
  className?: string;
}) {
  const { _ } = useI18n();
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Button variant="outline" onClick={onCancel}>
        {_('offerForm.cancel')}
      </Button>
      <Button type="submit" disabled={disabled}>
        {pending ? _('offerForm.sending') : submitLabel}
      </Button>
    </div>
  );
}

/** Why the offer was not sent (the server's 400/409 message), where the member is looking. */
export function OfferFormError({ error }: { error: string | undefined }) {
  return <FormAlert>{error}</FormAlert>;
}
