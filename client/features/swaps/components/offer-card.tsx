import { ArrowLeftRight, Gift, MessageCircle } from 'lucide-react';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { GIVEAWAY_NOT_CHOSEN } from '../../../../shared/giveaways';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offers';
import { canCounterSwap, canRateSwap, swapMovesFor } from '../../../../shared/policies/swaps';
import { otherParty, type SwapStatus } from '../../../../shared/swap-display';
import type { SwapRequest } from '../../../../shared/swaps';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { OnceOpened } from '../../../components/ui/once-opened';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { cn } from '../../../lib/cn';
import { useFairChance } from '../../../lib/fair-chance';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages, withParts } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { ReportProblemButton } from '../../problems/components/report-problem-button';
import { SWAP_REQUESTS_KEY, useUpdateSwapStatus } from '../api/swap-requests';
import { offerChanges } from '../offer-changes';
import { isGiveawayRequest, offerKind } from '../offer-words';
import { CustomOffer } from './custom-offer';
import { DrawButton, DrawOutcome, useGiveawayDraw } from './giveaway-draw';
import { NegotiationChain } from './negotiation-chain';
import { OfferChangesList } from './offer-changes-list';
import { OfferSide } from './offer-side';
import { StatusBadge } from './status-badge';

addMessages('offers', englishMessages);

// The card's dialogs are fetched on their first open: My Offers shows many cards and most are
// never chatted on, countered, cancelled or rated, and the route's JavaScript has a budget
// (e2e/budget.spec.ts: 150 KB gzip).
const ChatDialog = lazy(
  withParts(async () => ({ default: (await import('./chat-dialog')).ChatDialog })),
);
const CounterOfferDialog = lazy(
  withParts(async () => ({ default: (await import('./counter-offer-dialog')).CounterOfferDialog })),
);
const CancelSwapDialog = lazy(
  withParts(async () => ({ default: (await import('./cancel-swap-dialog')).CancelSwapDialog })),
);
const RatingDialog = lazy(
  withParts(async () => ({ default: (await import('./rating-dialog')).RatingDialog })),
);

/** SPEC §4: an update error stays on the card for 6 seconds. */
export const UPDATE_ERROR_MS = 6000;

/** Chats opened in this browser session; the Message button stops blinking for those. */
const openedChats = new Set<number>();

export function OfferCard({
  request,
  userId,
  chain = [request],
}: {
  request: SwapRequest;
  userId: string;
  /** The negotiation this offer is part of, oldest first (offer-chain.ts); itself alone by default. */
  chain?: readonly SwapRequest[];
}) {
  const update = useUpdateSwapStatus();
  const { _, locale } = useI18n();
  const [error, setError] = useState<string>();
  const [chatOpen, setChatOpen] = useState(false);
  const [ratingOpen, setRatingOpen] = useState(false);
  const [counterOpen, setCounterOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [, rerender] = useState(0);
  const card = useRef<HTMLElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const received = request.toUserId === userId;
  const other = otherParty(request, userId);
  // The offers policy decides which moves this member may make; the server enforces the same.
  const actor = { id: userId, isAdmin: false };
  const moves = swapMovesFor(actor, request);
  const canRate = canRateSwap(actor, request, other.id).ok;
  // Issue 38 §2: a request for a give-away offers nothing, so there is nothing to counter, and
  // it cannot be accepted while the listing's fair chance runs (the server's words say till when).
  const giveaway = isGiveawayRequest(request);
  const kind = offerKind(request);
  const fairChance = useFairChance(giveaway ? request.item?.requestsOpenUntil : null);
  const notChosen = giveaway && request.closedReason === GIVEAWAY_NOT_CHOSEN;
  const waitId = useId();
  const canCounter = !giveaway && canCounterSwap(actor, request).ok;
  // The giver may draw from here as from the give-away's page, under the same rules: whoever
  // may accept a pending request may draw among them all (the server picks among the pending).
  const draw = useGiveawayDraw({ id: request.itemId, title: request.item?.title ?? '' });
  const canDraw = giveaway && moves.includes('accepted');
  const previous = chain.find((step) => step.id === request.counterOfId);
  const changes = offerChanges(request, previous);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(undefined), UPDATE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const move = async (status: SwapStatus) => {
    try {
      await update.mutateAsync({ id: request.id, status });
      toast.success(_('offers.updated', { kind }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('offers.updateFailed', { kind }));
    }
  };

  const openChat = () => {
    openedChats.add(request.id);
    rerender((n) => n + 1);
    setChatOpen(true);
  };
  // SPEC §2: blinks for the recipient while there is something to read, until opened this session.
  const blink =
    !openedChats.has(request.id) &&
    ((received && (!!request.message || request.status !== 'pending')) || request.unreadCount > 0);

  return (
    <article
      ref={card}
      id={`offer-${request.id}`}
      tabIndex={-1}
      className="flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:p-5"
    >
      <header className="flex flex-wrap items-center gap-3">
        <UserAvatar user={other} label={_('avatar.label')} size={40} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">
            {richMessage(
              _,
              'offers.party',
              { direction: received ? 'from' : 'to' },
              {
                name: (
                  <Link to={`/profile/${other.id}`} className="hover:underline">
                    {displayName(other)}
                  </Link>
                ),
              },
            )}
          </p>
          <p className="text-sm text-muted">{formatDate(request.createdAt, locale)}</p>
        </div>
        {notChosen ? (
          <Badge tone="neutral">{_('offers.notChosen')}</Badge>
        ) : (
          <StatusBadge status={request.status} />
        )}
      </header>

      {(chain.length > 1 || request.counterOfId !== null) && (
        <NegotiationChain chain={chain} current={request.id} userId={userId} />
      )}

      {giveaway ? (
        <div className="flex min-w-0 flex-col gap-2">
          <p className="flex items-center gap-1.5 text-sm font-semibold text-brand-800">
            <Gift className="size-4" aria-hidden /> {_('offers.giveawayRequest')}
          </p>
          <OfferSide side="requested" items={request.items} />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:items-start">
          <OfferSide side="requested" items={request.items} />
          <ArrowLeftRight className="hidden size-5 self-center text-muted sm:block" aria-hidden />
          {request.offeredItems.length > 0 ? (
            <div className="flex min-w-0 flex-col gap-3">
              <OfferSide side="offered" items={request.offeredItems} />
              {(request.offerDescription || request.offerImages.length > 0) && (
                <CustomOffer request={request} />
              )}
            </div>
          ) : (
            <div className="min-w-0">
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                {_('offers.customOffer')}
              </p>
              <CustomOffer request={request} />
            </div>
          )}
        </div>
      )}

      {changes && (
        <OfferChangesList
          sides={[
            { label: _('offers.changes.requested'), changes: changes.items },
            { label: _('offers.changes.offered'), changes: changes.offeredItems },
          ]}
        />
      )}

      <blockquote className="rounded-xl bg-stone-50 p-3 text-sm">
        {_('offers.quote', { message: request.message })}
      </blockquote>

      {request.closedReason &&
        (notChosen ? (
          <p
            className="flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-900"
            data-testid="closed-reason"
          >
            <Gift className="mt-0.5 size-4 shrink-0" aria-hidden />
            {request.closedReason}
          </p>
        ) : (
          <p
            className="rounded-xl bg-stone-100 p-3 text-sm font-medium"
            data-testid="closed-reason"
          >
            {request.closedReason}
          </p>
        ))}

      {fairChance && request.status === 'pending' && (
        <p id={waitId} className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
          {fairChance}.
        </p>
      )}

      <FormAlert>{error}</FormAlert>
      <DrawOutcome draw={draw} />

      <div className="flex flex-wrap gap-2">
        {moves.includes('accepted') && (
          <Button
            size="sm"
            onClick={() => move('accepted')}
            disabled={update.isPending || fairChance !== null}
            aria-describedby={fairChance ? waitId : undefined}
          >
            {_('offers.accept')}
          </Button>
        )}
        {moves.includes('rejected') && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => move('rejected')}
            disabled={update.isPending}
          >
            {_('offers.decline')}
          </Button>
        )}
        {canDraw && (
          <DrawButton draw={draw} fairChance={fairChance} describedBy={waitId} size="sm" />
        )}
        {canCounter && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setCounterOpen(true)}
            disabled={update.isPending}
          >
            {_('offers.counter')}
          </Button>
        )}
        {moves.includes('withdrawn') && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => move('withdrawn')}
            disabled={update.isPending}
          >
            {_('offers.withdraw')}
          </Button>
        )}
        {moves.includes('completed') && (
          <Button size="sm" onClick={() => move('completed')} disabled={update.isPending}>
            {_('offers.complete')}
          </Button>
        )}
        {moves.includes('cancelled') && (
          <Button
            ref={cancelButton}
            size="sm"
            variant="outline"
            onClick={() => setCancelOpen(true)}
            disabled={update.isPending}
          >
            {_('offers.cancel', { kind })}
          </Button>
        )}
        {canRate &&
          (request.ratedByMe ? (
            <Button size="sm" variant="secondary" disabled>
              {_('offers.rated')}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setRatingOpen(true)}>
              {_('offers.rate')}
            </Button>
          ))}
        {/* Issue 40 §2: after an agreed swap, a problem (or a no-show) goes to the moderators. */}
        {(request.status === 'accepted' || request.status === 'completed') && (
          <ReportProblemButton
            url={`/api/swap-requests/${request.id}/problem`}
            otherName={displayName(other)}
            where="offer"
          />
        )}
        <Button
          size="sm"
          variant="outline"
          onClick={openChat}
          className={cn('ms-auto', blink && 'motion-safe:animate-pulse ring-2 ring-brand-500')}
        >
          <MessageCircle className="size-4" aria-hidden />
          {_('offers.message')}
          {request.unreadCount > 0 && (
            <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
              {request.unreadCount}
              <span className="sr-only"> {_('offers.unread')}</span>
            </span>
          )}
        </Button>
      </div>
      <OnceOpened open={chatOpen}>
        <ChatDialog request={request} userId={userId} open={chatOpen} onOpenChange={setChatOpen} />
      </OnceOpened>
      {canCounter && (
        <OnceOpened open={counterOpen}>
          <CounterOfferDialog request={request} open={counterOpen} onOpenChange={setCounterOpen} />
        </OnceOpened>
      )}
      {/* Kept mounted once the swap is cancelled, so that it can close and hand focus on. */}
      <OnceOpened open={cancelOpen}>
        <CancelSwapDialog
          request={request}
          kind={kind}
          otherName={displayName(other)}
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          trigger={cancelButton}
          afterCancel={card}
        />
      </OnceOpened>
      <OnceOpened open={ratingOpen}>
        <RatingDialog
          to={other}
          about={{ swapRequestId: request.id }}
          shownIn={SWAP_REQUESTS_KEY}
          kind={kind}
          open={ratingOpen}
          onOpenChange={setRatingOpen}
        />
      </OnceOpened>
    </article>
  );
}
