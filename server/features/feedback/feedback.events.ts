/** A rating, and what it rates: a swap or a circle. */
export type FeedbackGiven = {
  feedbackId: number;
  fromUserId: string;
  toUserId: string;
} & ({ swapRequestId: number } | { circleId: number });

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    'feedback.given': FeedbackGiven;
  }
}
