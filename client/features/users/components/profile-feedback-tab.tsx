import { Star } from 'lucide-react';
import { Link } from 'react-router';
import type { Feedback } from '../../../../shared/swaps';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { StarRating } from '../../../components/ui/star-rating';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { displayName, formatDate } from '../../../lib/format';

function ReviewCard({ review }: { review: Feedback }) {
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-center gap-3">
        <UserAvatar user={review.fromUser} size={32} />
        {/* A rater of another community is nickname@host: one long word, broken anywhere. */}
        <Link
          to={`/profile/${review.fromUser.id}`}
          className="min-w-0 font-semibold [overflow-wrap:anywhere] hover:underline"
        >
          {displayName(review.fromUser)}
        </Link>
        <StarRating value={review.rating} size={16} />
        <span className="ml-auto text-sm text-muted">{formatDate(review.createdAt)}</span>
      </div>
      {review.comment && <p className="mt-2 whitespace-pre-line">{review.comment}</p>}
    </Card>
  );
}

export function ProfileFeedbackTab({ reviews }: { reviews: Feedback[] }) {
  if (reviews.length === 0) {
    return (
      <EmptyState
        icon={Star}
        title="No feedback yet"
        text="Ratings appear here after completed swaps."
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}
