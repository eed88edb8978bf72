import { useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.giveaways';
import type { Item } from '../../../../shared/items';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useCreateSwapRequest } from '../api/swap-requests';
import {
  OfferFormActions,
  OfferFormDialog,
  OfferFormError,
  OfferMessageField,
  useOfferSubmit,
} from './offer-form-dialog';

addMessages('giveaways', englishMessages);

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
  const { _ } = useI18n();
  const submit = useOfferSubmit({
    message,
    send: (words) => create.mutateAsync({ itemId: item.id, message: words }),
    sent: {
      title: _('giveaways.request.sent'),
      description: _('giveaways.request.sentText'),
    },
    failed: _('giveaways.request.failed'),
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
      title={_('giveaways.request.title')}
      description={_('giveaways.request.description', { title: item.title })}
      onSubmit={submit.onSubmit}
    >
      {fairChance && (
        <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">{fairChance}.</p>
      )}
      <OfferMessageField
        value={message}
        onChange={setMessage}
        rows={4}
        placeholder={_('giveaways.request.placeholder')}
      />
      <OfferFormError error={submit.error} />
      <OfferFormActions
        className="mt-2"
        onCancel={close}
        submitLabel={_('giveaways.request.submit')}
        pending={create.isPending}
        disabled={create.isPending}
      />
    </OfferFormDialog>
  );
}
