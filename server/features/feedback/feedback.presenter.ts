import type { Feedback } from '../../../shared/swaps.js';
import { presentPublicUser } from '../users/public-user.js';
import type { FeedbackRow } from './feedback.queries.js';

export function presentFeedback(row: FeedbackRow): Feedback {
  return {
    id: row.feedback.id,
    fromUserId: row.feedback.fromUserId,
    toUserId: row.feedback.toUserId,
    swapRequestId: row.feedback.swapRequestId,
    circleId: row.feedback.circleId,
    rating: row.feedback.rating,
    comment: row.feedback.comment,
    createdAt: row.feedback.createdAt.toISOString(),
    fromUser: presentPublicUser(row.fromUser),
    toUser: presentPublicUser(row.toUser),
  };
}
