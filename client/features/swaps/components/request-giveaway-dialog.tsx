import { type FormEvent, useState } from 'react';
import type { Item } from '../../../../shared/items';
import { toast } from '../../../lib/toast';
import { useCreateSwapRequest } from '../api/swap-requests';
import {
  OfferFormActions,
  OfferFormDialog,
  OfferFormError,
  OfferMessageField,
} from './offer-form-dialog';

/**
 * Issue 38 §2: asking for a give-away. Its owner wants nothing back, so the request is a message
 * alone (`{itemId, message}`): no listings to pick, nothing to describe or photograph.
 */
export function RequestGiveawayDialog({
  item,
  open,
  onOpenChange,
  fairChance,
}: {
  item: Item;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** While the fair chance runs, its words ("Requests stay open until …"); null after it. */
  fairChance: string | null;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateSwapRequest();

  const close = () => {
    onOpenChange(false);
    setMessage('');
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      toast.error('Message required', { description: 'Please enter a message.' });
      return;
    }
    setError(undefined);
    try {
      await create.mutateAsync({ itemId: item.id, message: message.trim() });
      toast.success('Request sent!', {
        description: 'The owner will choose who gets it, or draw at random.',
      });
      close();
    } catch (failure) {
      const reason = failure instanceof Error ? failure.message : undefined;
      toast.error('Failed to send request', { description: reason });
      setError(reason ?? 'Failed to send request');
    }
  };

  return (
    <OfferFormDialog
      open={open}
      onOpenChange={onOpenChange}
      close={close}
      title="Request this give-away"
      description={`“${item.title}” is free: say why you would like it.`}
      onSubmit={onSubmit}
    >
      {fairChance && (
        <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">{fairChance}.</p>
      )}
      <OfferMessageField
        value={message}
        onChange={setMessage}
        rows={4}
        placeholder="Say hello, and when you could pick it up"
      />
      <OfferFormError error={error} />
      <OfferFormActions
        className="mt-2"
        onCancel={close}
        submitLabel="Send Request"
        pending={create.isPending}
        disabled={create.isPending}
      />
    </OfferFormDialog>
  );
}
