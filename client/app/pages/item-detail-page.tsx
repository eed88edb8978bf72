import { ArrowLeft, Calendar, ExternalLink, Home } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.listing';
import { isGiveaway } from '../../../shared/item-display';
import type { Item } from '../../../shared/items';
import type { Actor } from '../../../shared/policies/decision';
import { canSetWants } from '../../../shared/policies/matching';
import { canReportItem } from '../../../shared/policies/reports';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page } from '../../components/ui/page';
import { StarRating } from '../../components/ui/star-rating';
import { UserAvatar } from '../../components/ui/user-avatar';
import { useCurrentUser } from '../../features/auth/api/current-user';
import { useItem } from '../../features/items/api/items';
import { ConditionBadge } from '../../features/items/components/condition-badge';
import { FreeBadge, fairChanceText } from '../../features/items/components/free-badge';
import { ImageGallery } from '../../features/items/components/image-gallery';
import { ItemLocation } from '../../features/items/components/item-location';
import {
  ExternalLinkTo,
  externalHref,
  ListingOrigin,
  OwnerName,
  offerDecision,
  RemoteListingNote,
  remoteRefusal,
} from '../../features/items/components/listing-origin';
import { ListingOwnerActions } from '../../features/items/components/listing-owner-actions';
import { categoryName, conditionName } from '../../features/items/display-names';
import { SwapForButton } from '../../features/matching/components/swap-for-button';
import { WantsEditor } from '../../features/matching/components/wants-editor';
import { ReportItemButton } from '../../features/reports/components/report-item-dialog';
import { SaveButton } from '../../features/saved/components/save-button';
import { GiveawayOwnerPanel } from '../../features/swaps/components/giveaway-owner-panel';
import { RequestGiveawayDialog } from '../../features/swaps/components/request-giveaway-dialog';
import { SwapOfferDialog } from '../../features/swaps/components/swap-offer-dialog';
import { idsParam } from '../../features/swaps/listing-pick';
import { useFairChance } from '../../lib/fair-chance';
import { formatDate } from '../../lib/format';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('listing', englishMessages);

function BackLinks() {
  const { _ } = useI18n();
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="ghost" size="sm">
        <Link to="/browse">
          {/* Back points the way the page reads from: right, right to left. */}
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden /> {_('listing.backToItems')}
        </Link>
      </Button>
      <Button asChild variant="ghost" size="sm">
        <Link to="/">
          <Home className="size-4" aria-hidden /> {_('listing.backHome')}
        </Link>
      </Button>
    </div>
  );
}

function OfferAction({ item }: { item: Item }) {
  const { _ } = useI18n();
  const { user, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const fairChance = useFairChance(item.requestsOpenUntil);
  const decision = offerDecision(user ?? null, item);
  // Issue 38 §2: a give-away is asked for, with a message alone; SPEC §3's words for a swap.
  const giveaway = isGiveaway(item);
  const open = params.get('action') === 'offer';
  // A match's "Make an offer" names the member's listings to give (?offered=3,5) and, for
  // several of one member's listings, the others asked for besides this one (?also=8,9).
  const preselected = {
    also: idsParam(params.get('also')),
    offered: idsParam(params.get('offered')),
  };
  const remote = remoteRefusal(decision);
  if (remote) {
    // Swaps across communities are not possible yet; naming it among one's wants is.
    return (
      <>
        <RemoteListingNote reason={remote.reason} />
        <SwapForButton item={item} />
      </>
    );
  }
  if (isLoading) {
    // SPEC §3: Loading while the signed-in state loads.
    return (
      <Button size="lg" className="w-full" disabled>
        {_('listing.loading')}
      </Button>
    );
  }
  if (!decision.ok && decision.status === 401) {
    return (
      <Button asChild size="lg" className="w-full">
        <Link to="/auth">
          {giveaway ? _('listing.signInToRequest') : _('listing.signInToMakeOffer')}
        </Link>
      </Button>
    );
  }
  if (!decision.ok && decision.status === 400 && giveaway)
    return <GiveawayOwnerPanel item={item} />;
  if (!decision.ok) {
    return (
      <Button size="lg" className="w-full" disabled title={decision.reason}>
        {decision.status === 400 ? _('listing.yourItem') : _('listing.unavailable')}
      </Button>
    );
  }
  const setOpen = (next: boolean) => setParams(next ? { action: 'offer' } : {}, { replace: true });
  if (giveaway) {
    return (
      <>
        <Button size="lg" className="w-full" onClick={() => setOpen(true)}>
          {_('listing.requestIt')}
        </Button>
        {fairChance && (
          <p className="-mt-2 text-center text-sm text-muted" data-testid="fair-chance">
            {fairChance}.
          </p>
        )}
        {user && (
          <RequestGiveawayDialog
            item={item}
            open={open}
            onOpenChange={setOpen}
            fairChance={fairChance}
          />
        )}
        <SwapForButton item={item} />
      </>
    );
  }
  return (
    <>
      <Button size="lg" className="w-full" onClick={() => setOpen(true)}>
        {_('listing.makeSwapOffer')}
      </Button>
      {user && (
        <SwapOfferDialog
          item={item}
          me={user.id}
          open={open}
          onOpenChange={setOpen}
          preselected={preselected}
        />
      )}
      <SwapForButton item={item} />
    </>
  );
}

/** The owner's profile: here, or for another community's member, at their home. */
function ProfileLink({ item }: { item: Item }) {
  const { _ } = useI18n();
  if (!item.origin) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to={`/profile/${item.user.id}`}>{_('listing.viewProfile')}</Link>
      </Button>
    );
  }
  const href = externalHref(item.origin.ownerUrl);
  if (!href) return null;
  // A row of its own on phones, so that the name and rating keep their width.
  return (
    <Button asChild variant="outline" size="sm" className="w-full sm:w-auto">
      <ExternalLinkTo href={href}>
        {_('listing.viewProfile')} <ExternalLink className="size-4 rtl:-scale-x-100" aria-hidden />
      </ExternalLinkTo>
    </Button>
  );
}

function OwnerActions({ item, actor }: { item: Item; actor: Actor | null }) {
  const { _ } = useI18n();
  const navigate = useNavigate();
  return (
    <ListingOwnerActions
      item={item}
      viewer={actor}
      confirmTitle={_('listing.deleteTitle')}
      className="flex gap-2"
      onDeleted={() => navigate('/profile')}
    />
  );
}

export function ItemDetailPage() {
  const { id } = useParams();
  const { data: item, isPending, isError } = useItem(id);
  const { user } = useCurrentUser();
  const i18n = useI18n();
  const { _, locale } = i18n;

  // A screen high, so that the footer does not show and then move down as the item arrives.
  if (isPending) return <LoadingScreen label={_('header.loading')} tall />;
  if (isError || !item) {
    return (
      <Page narrow className="max-w-lg text-center">
        <Card>
          <h1 className="text-2xl font-bold">{_('listing.notFoundTitle')}</h1>
          <p className="mt-2 text-muted">{_('listing.notFoundText')}</p>
          <Button asChild className="mt-6">
            <Link to="/">{_('listing.backHome')}</Link>
          </Button>
        </Card>
      </Page>
    );
  }
  const actor = user ?? null;

  return (
    <Page>
      <BackLinks />
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ImageGallery images={item.images} title={item.title} />
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            {isGiveaway(item) && <FreeBadge />}
            {item.category && <Badge tone="brand">{categoryName(i18n, item.category)}</Badge>}
            {!item.isActive && <Badge tone="red">{_('listing.unavailable')}</Badge>}
            {item.isActive && item.isReserved && (
              <Badge tone="amber">{_('listing.reserved')}</Badge>
            )}
          </div>
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-3xl font-bold">{item.title}</h1>
            <SaveButton itemId={item.id} className="shrink-0 border border-line" />
          </div>
          <div className="flex flex-col gap-1.5">
            <ItemLocation item={item} />
            {/* The server renders this page in its own time zone; the browser's day wins. */}
            <p className="flex items-center gap-1.5 text-sm text-muted" suppressHydrationWarning>
              <Calendar className="size-4" aria-hidden />{' '}
              {_('listing.listed', { date: formatDate(item.createdAt, locale) })}
            </p>
            {item.origin && <ListingOrigin origin={item.origin} />}
          </div>
          <dl className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-white p-4">
            <div>
              <dt className="text-sm text-muted">{_('listing.condition')}</dt>
              <dd className="mt-1">
                <ConditionBadge condition={item.condition} />
                <span className="sr-only">{conditionName(i18n, item.condition)}</span>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{_('listing.estimatedValue')}</dt>
              <dd className="mt-1 font-semibold">{item.estimatedValue || _('listing.notGiven')}</dd>
            </div>
            {isGiveaway(item) ? (
              <div className="col-span-2 border-t border-line pt-3">
                <dt className="font-semibold">{_('listing.givenAway')}</dt>
                <dd className="mt-1 text-sm text-muted">
                  {fairChanceText(_, item.fairChanceHours)}
                </dd>
              </div>
            ) : (
              <div className="col-span-2 border-t border-line pt-3">
                <dt className="sr-only">{_('listing.openToOffersTerm')}</dt>
                <dd className="font-semibold">
                  {_('listing.openToOffersValue', { open: item.isOpenToOffers ? 'yes' : 'no' })}
                </dd>
              </div>
            )}
          </dl>
          <section>
            <h2 className="text-lg font-bold">{_('listing.description')}</h2>
            <p className="mt-1 whitespace-pre-line">{item.description}</p>
          </section>
          <section className="rounded-2xl bg-brand-50 p-4">
            <h2 className="text-lg font-bold text-brand-900">{_('listing.lookingFor')}</h2>
            <p className="mt-1 text-brand-900">
              {isGiveaway(item)
                ? _('listing.nothingFree')
                : item.isOpenToOffers
                  ? _('listing.openToOffers')
                  : item.wantedItems || _('listing.notSpecified')}
            </p>
          </section>
          <Card className="flex flex-wrap items-center gap-4 p-4">
            <UserAvatar user={item.user} label={_('avatar.label')} size={52} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-bold">
                {/* Another community's member is `name@host`: all of it shows, wrapped. */}
                <OwnerName item={item} className={item.origin ? 'wrap-anywhere' : 'truncate'} />
                {item.user.isMember && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                    {_('listing.verified')}
                  </span>
                )}
              </p>
              <p className="flex flex-wrap items-center gap-x-1 text-sm">
                <StarRating value={item.user.averageRating} size={14} />
                <span className="whitespace-nowrap text-muted">
                  {/* The number itself: translations choose their plural by it. */}
                  {_('listing.reviews', { count: item.user.totalRatings })}
                </span>
              </p>
            </div>
            <ProfileLink item={item} />
          </Card>
          <OfferAction item={item} />
          <OwnerActions item={item} actor={actor} />
          {canSetWants(actor, item).ok && <WantsEditor itemId={item.id} ownerId={item.userId} />}
          {canReportItem(actor, item).ok && <ReportItemButton itemId={item.id} />}
        </div>
      </div>
    </Page>
  );
}
