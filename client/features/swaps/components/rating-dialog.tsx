import type { QueryKey } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FEEDBACK_COMMENT_MAX_LENGTH, RATING_LABELS } from '../../../../shared/swap-display';
import type { PublicUser } from '../../../../shared/users';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { displayName } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { type RatingSubject, useCreateFeedback } from '../api/swap-requests';

/** Rates `to` for the swap or circle `about`. */
export function RatingDialog({
  to,
  about,
  shownIn,
  question = 'How did the swap go?',
  open,
  onOpenChange,
}: {
  to: PublicUser;
  about: RatingSubject;
  /** The query that shows whether `to` is rated, refetched after rating. */
  shownIn: QueryKey;
  /** What it asks: a give-away's request says give-away (offer-words.ts). */
  question?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [comment, setComment] = useState('');
  const create = useCreateFeedback(shownIn);
  const commentId = useId();
  const shown = hover || rating;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      toast.error('Rating Required', {
        description: 'Please select a star rating before submitting',
      });
      return;
    }
    try {
      await create.mutateAsync({
        ...about,
        toUserId: to.id,
        rating,
        comment: comment.trim(),
      });
      toast.success('Rating Submitted');
      onOpenChange(false);
    } catch (error) {
      toast.error('Rating Failed', {
        description:
          error instanceof Error && error.message ? error.message : 'Failed to submit rating',
      });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Rate ${displayName(to)}`}
      description={question}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Your rating</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="cursor-pointer"
                onMouseEnter={() => setHover(n)}
                onMouseLeave={() => setHover(0)}
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  className="peer sr-only"
                  aria-label={`${n} star${n === 1 ? '' : 's'}: ${RATING_LABELS[n]}`}
                />
                <Star
                  className={cn(
                    'size-9 rounded peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500',
                    n <= shown ? 'fill-amber-400 text-amber-500' : 'text-stone-300',
                  )}
                  aria-hidden
                />
              </label>
            ))}
          </div>
          <p className="mt-1 h-5 text-sm font-medium text-muted" aria-live="polite">
            {shown ? RATING_LABELS[shown] : ''}
          </p>
        </fieldset>
        <div>
          <label htmlFor={commentId} className="mb-1.5 block text-sm font-medium">
            Comment (optional)
          </label>
          <textarea
            id={commentId}
            rows={3}
            value={comment}
            maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
            onChange={(e) => setComment(e.target.value)}
            className="block w-full rounded-xl border border-line px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <p className="mt-1 text-right text-xs text-muted">
            {comment.length}/{FEEDBACK_COMMENT_MAX_LENGTH}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Submitting...' : 'Submit Rating'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
