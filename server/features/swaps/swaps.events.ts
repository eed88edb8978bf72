/** An offer was made (`from` null) or moved from one status to another. */
export type SwapChange = {
  swapRequestId: number;
  fromUserId: string;
  toUserId: string;
  itemId: number;
  /** Who acted: the sender for a new offer, the member who moved it otherwise. */
  actorId: string;
  from: string | null;
  to: string;
  /** A new offer that is a counter-offer: the offer it answers (which became 'countered'). */
  counterOfId?: number | null;
  /** Why a party cancelled an accepted offer (`to` is 'cancelled'). */
  reason?: string;
  /**
   * Issue 38 §2: a request for a give-away declined by the site because the giver accepted
   * (or drew) another one (`to` is 'rejected').
   */
  notChosen?: boolean;
};

/** The site closed open offers without anyone answering them: one of their listings went. */
export type SwapsClosed = { swapRequestIds: number[] };

export type MessagePosted = {
  swapRequestId: number;
  messageId: number;
  fromUserId: string;
  toUserId: string;
};

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    'swap.changed': SwapChange;
    'swaps.closed': SwapsClosed;
    'message.posted': MessagePosted;
  }
}
