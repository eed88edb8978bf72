import { ArrowLeftRight, MessageCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { thumbnailOf } from '../../../../shared/item-display';
import { canCounterSwap, canRateSwap, swapMovesFor } from '../../../../shared/policies/swaps';
import { otherParty, type SwapStatus } from '../../../../shared/swap-display';
import type { SwapRequest } from '../../../../shared/swaps';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { cn } from '../../../lib/cn';
import { displayName, formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ItemImage } from '../../items/components/item-image';
import { SWAP_REQUESTS_KEY, useUpdateSwapStatus } from '../api/swap-requests';
import { ChatDialog } from './chat-dialog';
import { CounterOfferDialog } from './counter-offer-dialog';
import { RatingDialog } from './rating-dialog';
import { StatusBadge } from './status-badge';

/** SPEC §4: an update error stays on the card for 6 seconds. */
export const UPDATE_ERROR_MS = 6000;
const THUMBNAILS_SHOWN = 3;

/** Chats opened in this browser session; the Message button stops blinking for those. */
const openedChats = new Set<number>();

function CustomOffer({ request }: { request: SwapRequest }) {
  const [open, setOpen] = useState(false);
  const images = request.offerImages;
  if (!request.offerDescription && images.length === 0)
    return <p className="text-sm text-muted">No item described</p>;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex w-full flex-col gap-2 rounded-xl text-left hover:bg-stone-50"
      >
        {request.offerDescription && (
          <p className="line-clamp-2 text-sm">{request.offerDescription}</p>
        )}
        {images.length > 0 && (
          <span className="flex gap-1.5">
            {images.slice(0, THUMBNAILS_SHOWN).map((url) => (
              <ItemImage
                key={url}
                src={thumbnailOf(url)}
                alt=""
                className="size-12 rounded-lg"
                width={48}
                height={48}
              />
            ))}
            {images.length > THUMBNAILS_SHOWN && (
              <span className="inline-flex size-12 items-center justify-center rounded-lg bg-stone-100 text-sm font-semibold">
                +{images.length - THUMBNAILS_SHOWN}
              </span>
            )}
          </span>
        )}
        <span className="text-xs font-medium text-brand-700">View offer details</span>
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Offer details">
        <div className="flex flex-col gap-3 overflow-y-auto">
          <p className="whitespace-pre-line">{request.offerDescription || 'No description'}</p>
          {images.map((url, i) => (
            <ItemImage
              key={url}
              src={url}
              alt={`Offered item, picture ${i + 1}`}
              className="aspect-[4/3] w-full rounded-xl bg-stone-50"
              fit="contain"
              width={400}
              height={300}
              sizes="(min-width: 640px) 400px, 90vw"
            />
          ))}
        </div>
      </Modal>
    </>
  );
}

function ItemLine({ label, item }: { label: string; item: SwapRequest['item'] }) {
  return (
    <div>
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</p>
      {item?.isRemoved ? (
        // Deleted by its owner: the offer keeps its title and first photo, with nothing to open.
        <div className="mt-1 flex items-center gap-2">
          <ItemImage
            src={item.images[0] && thumbnailOf(item.images[0])}
            alt=""
            className="size-12 shrink-0 rounded-lg text-[0px]"
            width={48}
            height={48}
          />
          <span>
            <span className="font-semibold">{item.title}</span>
            <span className="block text-xs text-muted">Listing removed by its owner</span>
          </span>
        </div>
      ) : item ? (
        <Link to={`/item/${item.id}`} className="mt-1 flex items-center gap-2 hover:underline">
          <ItemImage
            src={item.images[0] && thumbnailOf(item.images[0])}
            alt=""
            className="size-12 shrink-0 rounded-lg text-[0px]"
            width={48}
            height={48}
          />
          <span className="font-semibold">{item.title}</span>
        </Link>
      ) : (
        <p className="mt-1 text-sm text-muted">This item was removed</p>
      )}
    </div>
  );
}

/**
 * Issue 18 §5: where this offer stands in its negotiation (offer → counter-offer → …), each step
 * with who made it and its status; the others link to their cards on the page.
 */
function NegotiationChain({
  chain,
  current,
  userId,
}: {
  chain: readonly SwapRequest[];
  current: number;
  userId: string;
}) {
  return (
    <nav aria-label="Negotiation" className="rounded-xl bg-amber-50/60 p-3 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {chain[0]?.counterOfId !== null && (
          <li className="text-muted" aria-label="Earlier offers not shown">
            … →
          </li>
        )}
        {chain.map((step, i) => {
          const label = step.counterOfId === null ? 'Offer' : 'Counter-offer';
          const by = step.fromUserId === userId ? 'you' : displayName(step.fromUser);
          const content = (
            <>
              <span className={cn(step.id === current && 'font-semibold')}>
                {label} by {by}
              </span>{' '}
              <StatusBadge status={step.status} />
            </>
          );
          return (
            <li key={step.id} className="flex items-center gap-2" data-testid="chain-step">
              {i > 0 && <span aria-hidden>→</span>}
              {step.id === current ? (
                <span aria-current="step">{content}</span>
              ) : (
                <a href={`#offer-${step.id}`} className="hover:underline">
                  {content}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

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
  const [error, setError] = useState<string>();
  const [chatOpen, setChatOpen] = useState(false);
  const [ratingOpen, setRatingOpen] = useState(false);
  const [counterOpen, setCounterOpen] = useState(false);
  const [, rerender] = useState(0);
  const received = request.toUserId === userId;
  const other = otherParty(request, userId);
  // The offers policy decides which moves this member may make; the server enforces the same.
  const actor = { id: userId, isAdmin: false };
  const moves = swapMovesFor(actor, request);
  const canRate = canRateSwap(actor, request, other.id).ok;
  const canCounter = canCounterSwap(actor, request).ok;

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(undefined), UPDATE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const move = async (status: SwapStatus) => {
    try {
      await update.mutateAsync({ id: request.id, status });
      toast.success('Swap request updated successfully');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to update the swap request');
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
      id={`offer-${request.id}`}
      className="flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-3">
        <UserAvatar user={other} size={40} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">
            {received ? 'From ' : 'To '}
            <Link to={`/profile/${other.id}`} className="hover:underline">
              {displayName(other)}
            </Link>
          </p>
          <p className="text-sm text-muted">{formatDate(request.createdAt)}</p>
        </div>
        <StatusBadge status={request.status} />
      </header>

      {(chain.length > 1 || request.counterOfId !== null) && (
        <NegotiationChain chain={chain} current={request.id} userId={userId} />
      )}

      <div className="grid gap-4 sm:grid-cols-[1fr_auto_1fr] sm:items-start">
        <ItemLine label="Requested item" item={request.item} />
        <ArrowLeftRight className="hidden size-5 self-center text-muted sm:block" aria-hidden />
        {request.offeredItem ? (
          <ItemLine label="Offered item" item={request.offeredItem} />
        ) : (
          <div>
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">
              Custom offer
            </p>
            <CustomOffer request={request} />
          </div>
        )}
      </div>

      <blockquote className="rounded-xl bg-stone-50 p-3 text-sm">“{request.message}”</blockquote>

      {request.closedReason && (
        <p className="rounded-xl bg-stone-100 p-3 text-sm font-medium" data-testid="closed-reason">
          {request.closedReason}
        </p>
      )}

      {error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger">
          {error}
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        {moves.includes('accepted') && (
          <Button size="sm" onClick={() => move('accepted')} disabled={update.isPending}>
            Accept
          </Button>
        )}
        {moves.includes('rejected') && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => move('rejected')}
            disabled={update.isPending}
          >
            Decline
          </Button>
        )}
        {canCounter && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setCounterOpen(true)}
            disabled={update.isPending}
          >
            Counter-offer
          </Button>
        )}
        {moves.includes('withdrawn') && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => move('withdrawn')}
            disabled={update.isPending}
          >
            Withdraw
          </Button>
        )}
        {moves.includes('completed') && (
          <Button size="sm" onClick={() => move('completed')} disabled={update.isPending}>
            Mark as Completed
          </Button>
        )}
        {canRate &&
          (request.ratedByMe ? (
            <Button size="sm" variant="secondary" disabled>
              Rated
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setRatingOpen(true)}>
              Rate User
            </Button>
          ))}
        <Button
          size="sm"
          variant="outline"
          onClick={openChat}
          className={cn('ml-auto', blink && 'motion-safe:animate-pulse ring-2 ring-brand-500')}
        >
          <MessageCircle className="size-4" aria-hidden />
          Message
          {request.unreadCount > 0 && (
            <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
              {request.unreadCount}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </Button>
      </div>
      <ChatDialog request={request} userId={userId} open={chatOpen} onOpenChange={setChatOpen} />
      {canCounter && (
        <CounterOfferDialog request={request} open={counterOpen} onOpenChange={setCounterOpen} />
      )}
      <RatingDialog
        to={other}
        about={{ swapRequestId: request.id }}
        shownIn={SWAP_REQUESTS_KEY}
        open={ratingOpen}
        onOpenChange={setRatingOpen}
      />
    </article>
  );
}
