import { type FormEvent, type RefObject, useId, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offer-dialogs';
import { messages as englishOffers } from '../../../../shared/i18n/compiled/en.offers';
import { CANCEL_REASON_MAX_LENGTH, CANCEL_REASON_REQUIRED } from '../../../../shared/swap-display';
import type { SwapRequest } from '../../../../shared/swaps';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useUpdateSwapStatus } from '../api/swap-requests';
import type { OfferKind } from '../offer-words';
import { OfferFormError, offerTextareaClass } from './offer-form-dialog';

addMessages('offer-dialogs', englishMessages);
// The card's words it repeats (the toast, the cancel button): with the card already, but a dialog
// is not to rely on who opened it.
addMessages('offers', englishOffers);

/**
 * Issue 38: either party calls off an accepted swap, saying why (required, at most 500
 * characters, the count shown). Its listings are free again; the other party is told the reason.
 * Closed, it gives focus back to `trigger`, or, once that is gone (the swap is cancelled), to
 * `afterCancel`. `kind` says swap or, for a request on a give-away, request (offer-words.ts).
 */
export function CancelSwapDialog({
  request,
  kind,
  otherName,
  open,
  onOpenChange,
  trigger,
  afterCancel,
}: {
  request: SwapRequest;
  kind: OfferKind;
  otherName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLElement | null>;
  afterCancel: RefObject<HTMLElement | null>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const update = useUpdateSwapStatus();
  const { _ } = useI18n();
  const ids = { reason: useId(), count: useId() };

  const close = () => {
    onOpenChange(false);
    setReason('');
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(CANCEL_REASON_REQUIRED);
    setError(undefined);
    try {
      await update.mutateAsync({ id: request.id, status: 'cancelled', reason: reason.trim() });
      toast.success(_('offers.updated', { kind }));
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('cancel.failed', { kind }));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={_('cancel.title', { kind })}
      description={_('cancel.description', { kind, name: otherName })}
      className="overflow-y-auto"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        (trigger.current?.isConnected ? trigger.current : afterCancel.current)?.focus();
      }}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor={ids.reason} className="mb-1.5 block text-sm font-medium">
            {_('cancel.reason')}
          </label>
          <textarea
            id={ids.reason}
            rows={4}
            value={reason}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            required
            aria-describedby={ids.count}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              // A refusal or the missing reason no longer stands once the member writes.
              setError(undefined);
            }}
            placeholder={_('cancel.placeholder')}
            className={offerTextareaClass}
            // biome-ignore lint/a11y/noAutofocus: the reason is the one thing this dialog asks for
            autoFocus
          />
          <p id={ids.count} className="mt-1 text-end text-xs text-muted">
            {_('cancel.count', { count: reason.length, max: CANCEL_REASON_MAX_LENGTH })}
          </p>
        </div>
        <OfferFormError error={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {_('cancel.keep', { kind })}
          </Button>
          <Button type="submit" variant="destructive" disabled={update.isPending}>
            {update.isPending ? _('cancel.cancelling') : _('offers.cancel', { kind })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
