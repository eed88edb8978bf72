import { type FormEvent, useId, useState } from 'react';
import { thumbnailOf } from '../../../../shared/item-display';
import type { SwapRequest } from '../../../../shared/swaps';
import { cn } from '../../../lib/cn';
import { displayName } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useItemList } from '../../items/api/items';
import { ItemImage } from '../../items/components/item-image';
import { useCounterOffer } from '../api/swap-requests';
import { OfferFormActions, OfferFormDialog, OfferMessageField } from './offer-form-dialog';

/**
 * Issue 18 §5: the receiver of a pending offer picks another of the sender's active listings
 * and writes a message; the counter-offer asks for it in exchange for the listing they wanted.
 */
export function CounterOfferDialog({
  request,
  open,
  onOpenChange,
}: {
  request: SwapRequest;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [itemId, setItemId] = useState<number>();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const counter = useCounterOffer();
  const listings = useItemList({ userId: request.fromUserId }, 100, { enabled: open });
  const group = useId();
  const sender = displayName(request.fromUser);
  // Their active listings, but not the one they already offer: that is the offer as it stands.
  const choices = (listings.data ?? []).filter(
    (item) => item.isActive && item.id !== request.offeredItemId,
  );

  const close = () => {
    onOpenChange(false);
    setItemId(undefined);
    setMessage('');
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!itemId) return setError(`Choose one of ${sender}'s listings.`);
    if (!message.trim()) return setError('Please enter a message.');
    try {
      await counter.mutateAsync({ id: request.id, itemId, message: message.trim() });
      toast.success('Counter-offer sent', {
        description: `${sender} can accept it, decline it or counter again.`,
      });
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to send the counter-offer');
    }
  };

  return (
    <OfferFormDialog
      open={open}
      onOpenChange={onOpenChange}
      close={close}
      title="Counter-offer"
      description={`Ask ${sender} for another of their listings in exchange for “${request.item?.title ?? 'your listing'}”.`}
      onSubmit={onSubmit}
    >
      <fieldset>
        <legend id={group} className="mb-1.5 text-sm font-medium">
          {sender}'s listings
        </legend>
        {listings.isPending ? (
          <p className="text-sm text-muted">Loading…</p>
        ) : choices.length === 0 ? (
          <p className="text-sm text-muted">{sender} has no other listings available.</p>
        ) : (
          <div className="flex max-h-64 flex-col gap-2 overflow-y-auto">
            {choices.map((item) => (
              <label
                key={item.id}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border border-line p-2 hover:bg-stone-50',
                  itemId === item.id && 'border-brand-600 ring-2 ring-brand-200',
                )}
              >
                <input
                  type="radio"
                  name={group}
                  value={item.id}
                  checked={itemId === item.id}
                  onChange={() => setItemId(item.id)}
                  className="accent-brand-700"
                />
                <ItemImage
                  src={item.images[0] && thumbnailOf(item.images[0])}
                  alt=""
                  className="size-10 shrink-0 rounded-lg text-[0px]"
                  width={40}
                  height={40}
                />
                <span className="font-medium">{item.title}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <OfferMessageField
        value={message}
        onChange={setMessage}
        rows={3}
        placeholder="Say which you would rather have, and why"
      />
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <OfferFormActions
        onCancel={close}
        submitLabel="Send counter-offer"
        pending={counter.isPending}
        disabled={counter.isPending || choices.length === 0}
      />
    </OfferFormDialog>
  );
}
