import { useId, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offer-dialogs';
import type { Item } from '../../../../shared/items';
import { OFFER_DESCRIPTION_MAX_LENGTH } from '../../../../shared/swap-display';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useOfferableListings } from '../api/offer-listings';
import { newSwapRequest, useCreateSwapRequest } from '../api/swap-requests';
import { OFFER_SIDE_MAX, pickFrom, togglePick } from '../listing-pick';
import {
  OfferFormActions,
  OfferFormDialog,
  OfferFormError,
  OfferMessageField,
  offerTextareaClass,
  useOfferSubmit,
} from './offer-form-dialog';
import { OfferPhotoField, useOfferPhoto } from './offer-photo-field';
import { AskedListings, OfferedListings, OfferSummary } from './offer-sides';

addMessages('offer-dialogs', englishMessages);

/** Listings chosen before the dialog opened (a match's "Make an offer"). */
export type OfferPreselection = {
  /** More of the owner's listings asked for, besides the one the dialog is on. */
  also: readonly number[];
  /** The member's own listings offered in exchange. */
  offered: readonly number[];
};

const NOTHING_CHOSEN: OfferPreselection = { also: [], offered: [] };

/**
 * SPEC §3's "Send Swap Offer", with issue 38's bundles: besides the listing it is on, up to four
 * more of its owner's listings asked for, and up to five of the member's own offered.
 */
export function SwapOfferDialog({
  item,
  me,
  open,
  onOpenChange,
  preselected = NOTHING_CHOSEN,
}: {
  item: Item;
  /** The signed-in member, whose listings may be offered. */
  me: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  preselected?: OfferPreselection;
}) {
  const [message, setMessage] = useState('');
  const [offer, setOffer] = useState('');
  // null until the member changes a side: until then, the preselection.
  const [also, setAlso] = useState<number[] | null>(null);
  const [offered, setOffered] = useState<number[] | null>(null);
  const photo = useOfferPhoto();
  const create = useCreateSwapRequest();
  const { _ } = useI18n();
  const offerId = useId();
  const theirs = useOfferableListings(item.userId, open);
  const mine = useOfferableListings(me, open);
  const others = theirs.listings.filter((listing) => listing.id !== item.id);
  const alsoIds = also ?? pickFrom(preselected.also, others, OFFER_SIDE_MAX - 1);
  const offeredIds = offered ?? pickFrom(preselected.offered, mine.listings, OFFER_SIDE_MAX);
  const chosen = (ids: readonly number[], from: readonly Item[]) =>
    ids.flatMap((id) => from.find((listing) => listing.id === id) ?? []);
  const asked = [item, ...chosen(alsoIds, others)];
  const offeredItems = chosen(offeredIds, mine.listings);
  const owner = displayName(item.user);
  // SPEC §8's toasts.
  const submit = useOfferSubmit({
    message,
    send: (words) =>
      create.mutateAsync(
        newSwapRequest(
          asked.map((listing) => listing.id),
          offeredItems.map((listing) => listing.id),
          {
            toUserId: item.userId,
            message: words,
            offerDescription: offer.trim() || null,
            offerImages: photo.image ? [photo.image] : [],
            status: 'pending',
          },
        ),
      ),
    sent: { title: _('swapOffer.sent'), description: _('swapOffer.sentText') },
    failed: _('swapOffer.failed'),
    done: () => close(),
  });

  const close = () => {
    onOpenChange(false);
    setMessage('');
    setOffer('');
    setAlso(null);
    setOffered(null);
    submit.clearError();
    photo.clear();
  };

  return (
    <OfferFormDialog
      open={open}
      onOpenChange={onOpenChange}
      close={close}
      title={_('swapOffer.title')}
      description={_('swapOffer.for', { title: item.title, more: asked.length - 1, owner })}
      onSubmit={submit.onSubmit}
    >
      <AskedListings
        item={item}
        owner={owner}
        listings={others}
        picked={alsoIds}
        onToggle={(id) => setAlso(togglePick(alsoIds, id, OFFER_SIDE_MAX - 1))}
        isPending={theirs.isPending}
      />
      <OfferedListings
        listings={mine.listings}
        picked={offeredIds}
        onToggle={(id) => setOffered(togglePick(offeredIds, id, OFFER_SIDE_MAX))}
        isPending={mine.isPending}
      />
      <OfferMessageField
        value={message}
        onChange={setMessage}
        rows={4}
        placeholder={_('swapOffer.placeholder')}
      />
      <div>
        <label htmlFor={offerId} className="mb-1.5 block text-sm font-medium">
          {_('swapOffer.describe')}
        </label>
        <textarea
          id={offerId}
          rows={2}
          value={offer}
          onChange={(e) => setOffer(e.target.value)}
          maxLength={OFFER_DESCRIPTION_MAX_LENGTH}
          placeholder={_('swapOffer.describePlaceholder')}
          className={offerTextareaClass}
        />
      </div>
      <OfferPhotoField photo={photo} />
      <OfferSummary asked={asked} offered={offeredItems} />
      <OfferFormError error={submit.error} />
      <OfferFormActions
        className="mt-2"
        onCancel={close}
        submitLabel={_('swapOffer.submit')}
        pending={create.isPending}
        disabled={create.isPending || photo.processing}
      />
    </OfferFormDialog>
  );
}
