import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import type { Item } from '../../../../shared/items';
import { OFFER_DESCRIPTION_MAX_LENGTH } from '../../../../shared/swap-display';
import { compressImage, OFFER_PHOTO } from '../../../lib/images';
import { toast } from '../../../lib/toast';
import { useCreateSwapRequest } from '../api/swap-requests';
import {
  OfferFormActions,
  OfferFormDialog,
  OfferMessageField,
  offerTextareaClass,
} from './offer-form-dialog';

export function SwapOfferDialog({
  item,
  open,
  onOpenChange,
  offered,
}: {
  item: Item;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** One of the member's listings to offer in exchange (from a match). */
  offered?: { id: number; title: string };
}) {
  const [message, setMessage] = useState('');
  const [offer, setOffer] = useState('');
  const [image, setImage] = useState<string>();
  const [processing, setProcessing] = useState(false);
  const create = useCreateSwapRequest();
  const ids = { offer: useId(), image: useId() };

  const close = () => {
    onOpenChange(false);
    setMessage('');
    setOffer('');
    setImage(undefined);
  };

  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProcessing(true);
    try {
      if (!file.type.startsWith('image/')) throw new Error('not an image');
      setImage(await compressImage(file, OFFER_PHOTO));
      toast.success('Image uploaded', {
        description: 'Your image is ready to send with the offer.',
      });
    } catch {
      toast.error('Upload failed', { description: 'Please try again with a different image.' });
    } finally {
      setProcessing(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      toast.error('Message required', { description: 'Please enter a message.' });
      return;
    }
    try {
      await create.mutateAsync({
        itemId: item.id,
        toUserId: item.userId,
        message: message.trim(),
        offerDescription: offer.trim() || null,
        offerImages: image ? [image] : [],
        status: 'pending',
        offeredItemId: offered?.id ?? null,
      });
      toast.success('Swap offer sent!', {
        description: 'Your offer has been sent to the item owner.',
      });
      close();
    } catch (error) {
      toast.error('Failed to send offer', {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <OfferFormDialog
      open={open}
      onOpenChange={onOpenChange}
      close={close}
      title="Send Swap Offer"
      description={`For “${item.title}”`}
      onSubmit={onSubmit}
    >
      {offered && (
        <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
          You offer your listing <strong>{offered.title}</strong> in exchange.
        </p>
      )}
      <OfferMessageField
        value={message}
        onChange={setMessage}
        rows={4}
        placeholder="Say hello and explain your offer"
      />
      <div>
        <label htmlFor={ids.offer} className="mb-1.5 block text-sm font-medium">
          What are you offering? (Optional)
        </label>
        <textarea
          id={ids.offer}
          rows={2}
          value={offer}
          onChange={(e) => setOffer(e.target.value)}
          maxLength={OFFER_DESCRIPTION_MAX_LENGTH}
          placeholder="e.g. A pair of hiking boots, size 9"
          className={offerTextareaClass}
        />
      </div>
      <div>
        <span className="mb-1.5 block text-sm font-medium">Photo of your offer (Optional)</span>
        {image ? (
          <div className="relative w-fit">
            <img
              src={image}
              alt="Your offer"
              width={112}
              height={112}
              className="size-28 rounded-xl object-cover"
            />
            <button
              type="button"
              onClick={() => setImage(undefined)}
              aria-label="Remove photo"
              className="absolute -right-2 -top-2 inline-flex size-7 items-center justify-center rounded-full bg-white shadow"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ) : (
          <label
            htmlFor={ids.image}
            className="flex w-fit cursor-pointer items-center gap-2 rounded-xl border border-dashed border-line px-4 py-3 text-sm font-medium hover:border-brand-600 has-[:disabled]:cursor-wait has-[:disabled]:opacity-60"
          >
            <ImagePlus className="size-5 text-brand-700" aria-hidden />
            {processing ? 'Processing...' : 'Add a photo'}
            <input
              id={ids.image}
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={onImage}
              disabled={processing}
            />
          </label>
        )}
      </div>
      <OfferFormActions
        className="mt-2"
        onCancel={close}
        submitLabel="Send Offer"
        pending={create.isPending}
        disabled={create.isPending || processing}
      />
    </OfferFormDialog>
  );
}
