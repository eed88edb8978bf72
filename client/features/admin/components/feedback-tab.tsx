import { Link } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import type { Feedback } from '../../../../shared/swaps';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { StarRating } from '../../../components/ui/star-rating';
import { displayName, formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import { adminApi, useAdminList } from '../api/admin';
import { useModeration } from '../moderation';
import { DeleteButton } from './delete-button';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

export function FeedbackTab() {
  const list = useAdminList<Feedback>('feedback', true);
  const { _, locale } = useI18n();
  const remove = useModeration(
    adminApi.deleteFeedback,
    _('admin.feedbackDeleted'),
    _('admin.feedbackFailed'),
  );
  if (list.isPending) return <LoadingScreen label={_('header.loading')} />;
  return (
    <ul className="flex flex-col gap-3">
      {(list.data ?? []).map((f) => (
        <ModerationRow
          key={f.id}
          actions={<DeleteButton what="feedback" onConfirm={() => void remove(f.id)} />}
        >
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {richMessage(
              _,
              'admin.rated',
              {},
              {
                from: (
                  <Link to={`/profile/${f.fromUser.id}`} className="font-semibold hover:underline">
                    {displayName(f.fromUser)}
                  </Link>
                ),
                to: (
                  <Link to={`/profile/${f.toUser.id}`} className="font-semibold hover:underline">
                    {displayName(f.toUser)}
                  </Link>
                ),
              },
            )}
            <StarRating value={f.rating} size={14} />
            <span className="text-muted">{formatDate(f.createdAt, locale)}</span>
          </p>
          {f.comment && <p className="mt-1">{f.comment}</p>}
        </ModerationRow>
      ))}
      {list.data?.length === 0 && <p className="text-muted">{_('admin.noFeedback')}</p>}
    </ul>
  );
}
