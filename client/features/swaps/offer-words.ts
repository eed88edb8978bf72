import type { SwapRequest } from '../../../shared/swaps';

/**
 * Which words an offer's moves use on its card, in its dialogs and its chat, passed to the
 * catalogs' selects as `kind`. Issue 38 §2: a request for a give-away is spoken of as a request
 * and its listing as a give-away (as the server's notifications and shared/giveaways.ts do),
 * never as an offer or a swap; a swap keeps its words, which are the spec's ('Swap request
 * updated successfully') or follow them.
 */
export type OfferKind = 'swap' | 'giveaway';

/** A request for a give-away names it alone, as its first (and only) listing asked for. */
export const isGiveawayRequest = (request: Pick<SwapRequest, 'item'>): boolean =>
  request.item?.mode === 'giveaway';

export const offerKind = (request: Pick<SwapRequest, 'item'>): OfferKind =>
  isGiveawayRequest(request) ? 'giveaway' : 'swap';
