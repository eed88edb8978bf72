import { Link } from 'react-router';
import type { Feedback } from '../../../../shared/swaps';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { StarRating } from '../../../components/ui/star-rating';
import { displayName, formatDate } from '../../../lib/format';
import { adminApi, useAdminList } from '../api/admin';
import { useModeration } from '../moderation';
import { DeleteButton } from './delete-button';
import { ModerationRow } from './moderation-row';

export function FeedbackTab() {
  const list = useAdminList<Feedback>('feedback', true);
  const remove = useModeration(
    adminApi.deleteFeedback,
    'Feedback deleted',
    'Failed to delete feedback',
  );
  if (list.isPending) return <LoadingScreen />;
  return (
    <ul className="flex flex-col gap-3">
      {(list.data ?? []).map((f) => (
        <ModerationRow
          key={f.id}
          actions={<DeleteButton what="feedback" onConfirm={() => void remove(f.id)} />}
        >
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Link to={`/profile/${f.fromUser.id}`} className="font-semibold hover:underline">
              {displayName(f.fromUser)}
            </Link>
            rated
            <Link to={`/profile/${f.toUser.id}`} className="font-semibold hover:underline">
              {displayName(f.toUser)}
            </Link>
            <StarRating value={f.rating} size={14} />
            <span className="text-muted">{formatDate(f.createdAt)}</span>
          </p>
          {f.comment && <p className="mt-1">{f.comment}</p>}
        </ModerationRow>
      ))}
      {list.data?.length === 0 && <p className="text-muted">No feedback yet.</p>}
    </ul>
  );
}
