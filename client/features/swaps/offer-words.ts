import type { SwapRequest } from '../../../shared/swaps';

/**
 * The words of an offer's moves on its card and in its dialogs. Issue 38 §2: a request for a
 * give-away is spoken of as a request and its listing as a give-away (as the server's
 * notifications and shared/giveaways.ts do), never as an offer or a swap; a swap keeps its words,
 * which are the spec's ('Swap request updated successfully') or follow them.
 */
export type OfferWords = {
  /** The toast after a move. */
  updated: string;
  /** A failed move's words when the server gives none. */
  updateFailed: string;
  /** The button, and the dialog's submit, that call off an accepted offer. */
  cancel: string;
  cancelTitle: string;
  cancelDescription: (otherName: string) => string;
  /** Closes the cancel dialog, keeping the offer. */
  keep: string;
  cancelFailed: string;
  /** What the rating dialog asks once it is completed. */
  rateQuestion: string;
  /** Introduces the sender's first message at the top of the chat. */
  made: string;
};

export const SWAP_WORDS: OfferWords = {
  updated: 'Swap request updated successfully',
  updateFailed: 'Failed to update the swap request',
  cancel: 'Cancel swap',
  cancelTitle: 'Cancel this swap?',
  cancelDescription: (otherName) =>
    `Its listings become free again. ${otherName} sees your reason.`,
  keep: 'Keep the swap',
  cancelFailed: 'Failed to cancel the swap',
  rateQuestion: 'How did the swap go?',
  made: 'made an offer:',
};

export const GIVEAWAY_WORDS: OfferWords = {
  updated: 'Request updated successfully',
  updateFailed: 'Failed to update the request',
  cancel: 'Cancel request',
  cancelTitle: 'Cancel this request?',
  cancelDescription: (otherName) =>
    `The give-away is free again for others to ask for. ${otherName} sees your reason.`,
  keep: 'Keep the request',
  cancelFailed: 'Failed to cancel the request',
  rateQuestion: 'How did the give-away go?',
  made: 'asked for it:',
};

/** A request for a give-away names it alone, as its first (and only) listing asked for. */
export const isGiveawayRequest = (request: Pick<SwapRequest, 'item'>): boolean =>
  request.item?.mode === 'giveaway';

export const offerWords = (request: Pick<SwapRequest, 'item'>): OfferWords =>
  isGiveawayRequest(request) ? GIVEAWAY_WORDS : SWAP_WORDS;
