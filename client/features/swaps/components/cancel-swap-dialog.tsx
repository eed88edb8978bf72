import { type FormEvent, type RefObject, useId, useState } from 'react';
import { CANCEL_REASON_MAX_LENGTH, CANCEL_REASON_REQUIRED } from '../../../../shared/swap-display';
import type { SwapRequest } from '../../../../shared/swaps';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useUpdateSwapStatus } from '../api/swap-requests';
import type { OfferWords } from '../offer-words';
import { OfferFormError, offerTextareaClass } from './offer-form-dialog';

/**
 * Issue 38: either party calls off an accepted swap, saying why (required, at most 500
 * characters, the count shown). Its listings are free again; the other party is told the reason.
 * Closed, it gives focus back to `trigger`, or, once that is gone (the swap is cancelled), to
 * `afterCancel`. `words` say swap or, for a request on a give-away, request (offer-words.ts).
 */
export function CancelSwapDialog({
  request,
  words,
  otherName,
  open,
  onOpenChange,
  trigger,
  afterCancel,
}: {
  request: SwapRequest;
  words: OfferWords;
  otherName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLElement | null>;
  afterCancel: RefObject<HTMLElement | null>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const update = useUpdateSwapStatus();
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
      toast.success(words.updated);
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : words.cancelFailed);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={words.cancelTitle}
      description={words.cancelDescription(otherName)}
      className="overflow-y-auto"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        (trigger.current?.isConnected ? trigger.current : afterCancel.current)?.focus();
      }}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor={ids.reason} className="mb-1.5 block text-sm font-medium">
            Reason
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
            placeholder="e.g. The lamp broke, sorry"
            className={offerTextareaClass}
            // biome-ignore lint/a11y/noAutofocus: the reason is the one thing this dialog asks for
            autoFocus
          />
          <p id={ids.count} className="mt-1 text-right text-xs text-muted">
            {reason.length}/{CANCEL_REASON_MAX_LENGTH} characters
          </p>
        </div>
        <OfferFormError error={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {words.keep}
          </Button>
          <Button type="submit" variant="destructive" disabled={update.isPending}>
            {update.isPending ? 'Cancelling...' : words.cancel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
