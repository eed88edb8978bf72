import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.profile';
import type { Feedback } from '../../../../shared/swaps';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { StarRating } from '../../../components/ui/star-rating';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';

addMessages('profile', englishMessages);

function ReviewCard({ review }: { review: Feedback }) {
  const { _, locale } = useI18n();
  return (
    <Card className="p-4">
      <div className="flex flex-wrap items-center gap-3">
        <UserAvatar user={review.fromUser} label={_('avatar.label')} size={32} />
        {/* A rater of another community is nickname@host: one long word, broken anywhere. */}
        <Link
          to={`/profile/${review.fromUser.id}`}
          className="min-w-0 font-semibold [overflow-wrap:anywhere] hover:underline"
        >
          {displayName(review.fromUser)}
        </Link>
        <StarRating value={review.rating} size={16} />
        <span className="ms-auto text-sm text-muted">{formatDate(review.createdAt, locale)}</span>
      </div>
      {review.comment && <p className="mt-2 whitespace-pre-line">{review.comment}</p>}
    </Card>
  );
}

export function ProfileFeedbackTab({ reviews }: { reviews: Feedback[] }) {
  const { _ } = useI18n();
  if (reviews.length === 0) {
    return (
      <EmptyState icon={Star} title={_('profile.noFeedback')} text={_('profile.noFeedbackText')} />
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
