/** A member of a proposed swap circle decided, or the circle as a whole was settled. */
export type CircleDecided = {
  circleId: number;
  /** Everyone to tell (the actor is left out by the listener). */
  userIds: string[];
  actorId: string | null;
  decision:
    | 'proposed'
    | 'accepted'
    | 'declined'
    | 'confirmed'
    | 'cancelled'
    | 'expired'
    | 'completed';
  link: string;
  /** A cancellation: the member's own words (without the site's "Cancelled by …"). */
  reason?: string;
};

/** A message was written in a circle's group chat (issue 39 §2: it travels). */
export type CircleMessagePosted = { circleId: number; messageId: number; fromUserId: string };

/** A participant marked the listing they were to receive received (issue 39 §2: it travels). */
export type CircleReceived = { circleId: number; actorId: string };

/** A swap circle was carried out: every leg received. Counts on the members' profiles. */
export type CircleCompleted = { circleId: number; userIds: string[] };

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    'circle.decided': CircleDecided;
    'circle.completed': CircleCompleted;
    'circle.received': CircleReceived;
    'circle.message': CircleMessagePosted;
  }
}
