import { startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing';
import { isGiveaway, thumbnailOf } from '../../../../shared/item-display';
import type { Item } from '../../../../shared/items';
import type { Decision } from '../../../../shared/policies/decision';
import { Button } from '../../../components/ui/button';
import { StarRating } from '../../../components/ui/star-rating';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { formatCount } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useCurrentUser } from '../../auth/api/current-user';
import { SaveButton } from '../../saved/components/save-button';
import { ConditionBadge } from './condition-badge';
import { FreeBadge } from './free-badge';
import { ItemImage } from './item-image';
import { ItemLocation } from './item-location';
import {
  ListingOrigin,
  OwnerName,
  offerDecision,
  RemoteListingNote,
  remoteRefusal,
} from './listing-origin';

addMessages('listing', englishMessages);

function ViewDetails({ item }: { item: Item }) {
  const { _ } = useI18n();
  return (
    <Button asChild variant="outline" size="sm" className="flex-1">
      <Link to={`/item/${item.id}`}>{_('listing.viewDetails')}</Link>
    </Button>
  );
}

/** View Details and the offer button; on another community's listing, why there is no offer. */
function CardActions({ item }: { item: Item }) {
  const { user, isLoading } = useCurrentUser();
  const decision = offerDecision(user ?? null, item);
  const remote = remoteRefusal(decision);
  if (remote) {
    return (
      <div className="mt-auto flex flex-col gap-2 pt-2">
        <RemoteListingNote reason={remote.reason} compact />
        <div className="flex">
          <ViewDetails item={item} />
        </div>
      </div>
    );
  }
  return (
    <div className="mt-auto flex gap-2 pt-2">
      <ViewDetails item={item} />
      <OfferButton decision={decision} isLoading={isLoading} itemId={item.id} />
    </div>
  );
}

function OfferButton({
  decision,
  isLoading,
  itemId,
}: {
  decision: Decision;
  isLoading: boolean;
  itemId: number;
}) {
  const { _ } = useI18n();
  if (isLoading) {
    return (
      <Button size="sm" disabled className="flex-1">
        {_('listing.loading')}
      </Button>
    );
  }
  if (!decision.ok && decision.status === 401) {
    return (
      <Button asChild size="sm" className="flex-1">
        <Link to="/auth">{_('listing.signInToOffer')}</Link>
      </Button>
    );
  }
  if (!decision.ok) {
    return (
      <Button size="sm" disabled className="flex-1" title={decision.reason}>
        {decision.status === 400 ? _('listing.yourItem') : _('listing.unavailable')}
      </Button>
    );
  }
  return (
    <Button asChild size="sm" className="flex-1">
      <Link to={`/item/${itemId}?action=offer`}>{_('listing.makeOffer')}</Link>
    </Button>
  );
}

/** Measured between fuzzed points and rounded by the server, so only ever approximate. */
export function Distance({ km }: { km: number }) {
  const { _, locale } = useI18n();
  return (
    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800">
      {_('listing.distance', { km: formatCount(km, locale) })}
    </span>
  );
}

/** A card's picture is drawn a column wide: one column on phones, two from 640 px, three from 1024 px. */
const CARD_SIZES =
  '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 92vw';

export function ItemCard({ item, priority = false }: { item: Item; priority?: boolean }) {
  const { _ } = useI18n();
  const firstImage = item.images[0];
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition hover:shadow-md">
      <div className="relative">
        <Link to={`/item/${item.id}`} tabIndex={-1} aria-hidden>
          <ItemImage
            src={firstImage && thumbnailOf(firstImage)}
            alt=""
            className="aspect-[4/3] w-full"
            width={400}
            height={300}
            sizes={CARD_SIZES}
            priority={priority}
          />
        </Link>
        <div className="absolute start-3 top-3 flex flex-wrap gap-1.5">
          {isGiveaway(item) && <FreeBadge className="shadow-sm" />}
          <ConditionBadge condition={item.condition} className="shadow-sm" />
        </div>
        <SaveButton itemId={item.id} className="absolute end-3 top-3" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-1 text-lg font-bold">
          <Link to={`/item/${item.id}`} className="hover:text-brand-800">
            {item.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted">{item.description}</p>
        {item.estimatedValue && (
          <p className="text-sm font-semibold">
            {_('listing.estValue', { value: item.estimatedValue })}
          </p>
        )}
        <div className="flex items-center gap-2">
          <UserAvatar user={item.user} label={_('avatar.label')} size={28} />
          <OwnerName item={item} className="truncate text-sm font-medium" />
          <StarRating
            value={item.user.averageRating}
            count={item.user.totalRatings}
            size={14}
            className="ms-auto shrink-0"
          />
        </div>
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {isGiveaway(item)
            ? _('listing.freeToGoodHome')
            : item.isOpenToOffers
              ? _('listing.openToOffers')
              : item.wantedItems
                ? _('listing.wants', { wants: item.wantedItems })
                : _('listing.wantsUnspecified')}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <ItemLocation item={item} />
          {item.distanceKm !== undefined && <Distance km={item.distanceKm} />}
        </div>
        {item.origin && <ListingOrigin origin={item.origin} />}
        <CardActions item={item} />
      </div>
    </article>
  );
}

/**
 * Cards are added a few at a time, each step a React transition: React renders a transition in
 * slices of a few milliseconds, yielding to the browser between them, so a page of 24 cards is
 * many short tasks instead of one long one that blocks the first input (issue 19 §4, TBT; a card
 * costs ~25 ms of main thread at Lighthouse's 4× CPU slowdown). The data's arrival itself renders
 * at once (a query update is never a transition), so it draws the empty grid only. On a desktop
 * the first screen fills within a few frames.
 */
export const CARDS_PER_STEP = 2;

/** How many of `total` rows to render now: none at first, then CARDS_PER_STEP more per step. */
export function useProgressiveCount(total: number) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= total) return;
    startTransition(() => setShown((count) => count + CARDS_PER_STEP));
  }, [shown, total]);
  return Math.min(shown, total);
}

export function ItemGrid({ items }: { items: Item[] }) {
  const shown = useProgressiveCount(items.length);
  return (
    <ul
      className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3"
      // A screen high until every card is in, so that the footer does not show and move down.
      style={shown < items.length ? { minHeight: '100vh' } : undefined}
    >
      {items.slice(0, shown).map((item, index) => (
        <li key={item.id}>
          {/* The first card's picture is the largest thing on a phone's first screen. */}
          <ItemCard item={item} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
