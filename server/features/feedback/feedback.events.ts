export type FeedbackGiven = { feedbackId: number; fromUserId: string; toUserId: string };

declare module '../../infra/domain-hooks.js' {
  interface DomainEvents {
    'feedback.given': FeedbackGiven;
  }
}
