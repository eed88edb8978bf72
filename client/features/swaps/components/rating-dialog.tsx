import type { QueryKey } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offer-dialogs';
import { FEEDBACK_COMMENT_MAX_LENGTH } from '../../../../shared/swap-display';
import type { PublicUser } from '../../../../shared/users';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { type RatingSubject, useCreateFeedback } from '../api/swap-requests';
import type { OfferKind } from '../offer-words';

addMessages('offer-dialogs', englishMessages);

/** Rates `to` for the swap or circle `about`. */
export function RatingDialog({
  to,
  about,
  shownIn,
  kind = 'swap',
  open,
  onOpenChange,
}: {
  to: PublicUser;
  about: RatingSubject;
  /** The query that shows whether `to` is rated, refetched after rating. */
  shownIn: QueryKey;
  /** What it asks about: a give-away's request says give-away (offer-words.ts). */
  kind?: OfferKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [comment, setComment] = useState('');
  const create = useCreateFeedback(shownIn);
  const commentId = useId();
  const shown = hover || rating;
  const { _ } = useI18n();
  const label = (stars: number) => _('rating.label', { stars: String(stars) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      toast.error(_('rating.required'), { description: _('rating.requiredText') });
      return;
    }
    try {
      await create.mutateAsync({
        ...about,
        toUserId: to.id,
        rating,
        comment: comment.trim(),
      });
      toast.success(_('rating.submitted'));
      onOpenChange(false);
    } catch (error) {
      toast.error(_('rating.failed'), {
        description:
          error instanceof Error && error.message ? error.message : _('rating.failedText'),
      });
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={_('rating.title', { name: displayName(to) })}
      description={_('rating.question', { kind })}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{_('rating.yours')}</legend>
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
                  aria-label={_('rating.star', { stars: n, label: label(n) })}
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
            {shown ? label(shown) : ''}
          </p>
        </fieldset>
        <div>
          <label htmlFor={commentId} className="mb-1.5 block text-sm font-medium">
            {_('rating.comment')}
          </label>
          <textarea
            id={commentId}
            rows={3}
            value={comment}
            maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
            onChange={(e) => setComment(e.target.value)}
            className="block w-full rounded-xl border border-line px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <p className="mt-1 text-end text-xs text-muted">
            {comment.length}/{FEEDBACK_COMMENT_MAX_LENGTH}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {_('offerForm.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? _('rating.submitting') : _('rating.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
