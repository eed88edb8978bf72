import { type FormEvent, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offer-dialogs';
import { canAskInCounter } from '../../../../shared/policies/swaps';
import type { SwapRequest } from '../../../../shared/swaps';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useOfferableListings } from '../api/offer-listings';
import { useCounterOffer } from '../api/swap-requests';
import { OFFER_SIDE_MAX, pickFrom, togglePick } from '../listing-pick';
import { ListingPicker } from './listing-picker';
import {
  OfferFormActions,
  OfferFormDialog,
  OfferFormError,
  OfferMessageField,
} from './offer-form-dialog';
import { OfferedListings } from './offer-sides';

addMessages('offer-dialogs', englishMessages);

/**
 * Issue 18 §5, issue 38: the receiver of a pending offer answers with the listings they would
 * rather have from the sender (those offered, preselected) and those of their own they put up
 * (those asked for, preselected), with a message. Either side may change.
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
  // null until the member changes a side: until then, the offer as it stands.
  const [asked, setAsked] = useState<number[] | null>(null);
  const [offered, setOffered] = useState<number[] | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const counter = useCounterOffer();
  const { _ } = useI18n();
  const theirs = useOfferableListings(request.fromUserId, open);
  const mine = useOfferableListings(request.toUserId, open);
  const sender = displayName(request.fromUser);
  const askedIds =
    asked ??
    pickFrom(
      request.offeredItems.map((listing) => listing.id),
      theirs.listings,
      OFFER_SIDE_MAX,
    );
  const offeredIds =
    offered ??
    pickFrom(
      request.items.map((listing) => listing.id),
      mine.listings,
      OFFER_SIDE_MAX,
    );

  const close = () => {
    onOpenChange(false);
    setAsked(null);
    setOffered(null);
    setMessage('');
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (askedIds.length === 0) return setError(_('counter.chooseOne', { name: sender }));
    const askedListings = theirs.listings.filter((listing) => askedIds.includes(listing.id));
    const sides = {
      fromUserId: request.fromUserId,
      itemIds: request.items.map((listing) => listing.id),
      offeredItemIds: request.offeredItems.map((listing) => listing.id),
    };
    const decision = canAskInCounter(sides, askedListings, offeredIds);
    if (!decision.ok) return setError(decision.reason);
    if (!message.trim()) return setError(_('offerForm.enterMessage'));
    try {
      await counter.mutateAsync({
        id: request.id,
        itemIds: askedIds,
        offeredItemIds: offeredIds,
        message: message.trim(),
      });
      toast.success(_('counter.sent'), { description: _('counter.sentText', { name: sender }) });
      close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('counter.failed'));
    }
  };

  return (
    <OfferFormDialog
      open={open}
      onOpenChange={onOpenChange}
      close={close}
      title={_('counter.title')}
      description={_('counter.description', { name: sender })}
      onSubmit={onSubmit}
    >
      <ListingPicker
        legend={_('counter.askFor', { name: sender })}
        listings={theirs.listings}
        picked={askedIds}
        onToggle={(id) => setAsked(togglePick(askedIds, id, OFFER_SIDE_MAX))}
        max={OFFER_SIDE_MAX}
        status={_('sides.chosen', { count: askedIds.length, max: OFFER_SIDE_MAX })}
        isPending={theirs.isPending}
        empty={_('counter.noListings', { name: sender })}
      />
      <OfferedListings
        listings={mine.listings}
        picked={offeredIds}
        onToggle={(id) => setOffered(togglePick(offeredIds, id, OFFER_SIDE_MAX))}
        isPending={mine.isPending}
        empty={_('counter.noneFree')}
      />
      <OfferMessageField
        value={message}
        onChange={setMessage}
        rows={3}
        placeholder={_('counter.placeholder')}
      />
      <OfferFormError error={error} />
      <OfferFormActions
        onCancel={close}
        submitLabel={_('counter.submit')}
        pending={counter.isPending}
        disabled={counter.isPending || (!theirs.isPending && theirs.listings.length === 0)}
      />
    </OfferFormDialog>
  );
}
