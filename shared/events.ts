/**
 * What GET /api/events pushes. Events carry ids, not content: the client refetches what changed
 * through the ordinary, access-checked endpoints, so the stream can never leak more than they do.
 */
export type LiveEvent =
  /** A request the member is party to was created or changed status. */
  | { type: 'swap-request'; swapRequestId: number }
  /** A message was posted in one of the member's conversations. */
  | { type: 'message'; swapRequestId: number; messageId: number }
  /** The other party read the member's messages in a conversation. */
  | { type: 'messages-read'; swapRequestId: number }
  /** A swap circle the member is in was proposed, answered, received, completed or closed. */
  | { type: 'circle'; circleId: number }
  /** A message was posted in the group chat of one of the member's circles. */
  | { type: 'circle-message'; circleId: number; messageId: number }
  /** A swap round changed (entries, phase, results, shipping marks): its page refetches. */
  | { type: 'round'; roundId: number }
  /** The member's matches (wanted listings, mutual matches, circles) may have changed. */
  | { type: 'matches' }
  /** The member has a new or updated notification (the bell's count and list refetch). */
  | { type: 'notification' }
  /** Listings changed somewhere; sent at most once a minute, like SPEC §9's item polling. */
  | { type: 'items-changed' }
  /** The site-wide visit counter moved. */
  | { type: 'visits'; totalPageViews: number }
  /** Events may have been missed (the server lost its database link): refetch everything. */
  | { type: 'resync' };

export type LiveEventType = LiveEvent['type'];

export const EVENTS_PATH = '/api/events';
