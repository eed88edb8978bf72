import { useState } from 'react';
import type { Item } from '../../../../shared/items';
import { useCreateSwapRequest } from '../api/swap-requests';
import {
  OfferFormActions,
  OfferFormDialog,
  OfferFormError,
  OfferMessageField,
  useOfferSubmit,
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
  const create = useCreateSwapRequest();
  const submit = useOfferSubmit({
    message,
    send: (words) => create.mutateAsync({ itemId: item.id, message: words }),
    sent: {
      title: 'Request sent!',
      description: 'The owner will choose who gets it, or draw at random.',
    },
    failed: 'Failed to send request',
    done: () => close(),
  });

  const close = () => {
    onOpenChange(false);
    setMessage('');
    submit.clearError();
  };

  return (
    <OfferFormDialog
      open={open}
      onOpenChange={onOpenChange}
      close={close}
      title="Request this give-away"
      description={`“${item.title}” is free: say why you would like it.`}
      onSubmit={submit.onSubmit}
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
      <OfferFormError error={submit.error} />
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
