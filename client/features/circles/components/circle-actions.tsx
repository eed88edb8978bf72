import { type FormEvent, useId, useState } from 'react';
import {
  CIRCLE_CANCEL_REASON_MAX_LENGTH,
  type Circle,
  type UpdateCircle,
} from '../../../../shared/circles';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.circles';
import type { PublicUser } from '../../../../shared/users';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { ReportProblemButton } from '../../problems/components/report-problem-button';
import { RatingDialog } from '../../swaps/components/rating-dialog';
import { CIRCLES_KEY, useUpdateCircle } from '../api/circles';
import { myLegs } from './circle-parts';

addMessages('circles', englishMessages);

const DONE = {
  accept: 'circle.done.accept',
  decline: 'circle.done.decline',
  received: 'circle.done.received',
  cancelled: 'circle.done.cancelled',
} as const;

/** The moves the viewer may make now (the server says which), then ratings once it is done. */
export function CircleActions({ circle, me }: { circle: Circle; me: string }) {
  const { _ } = useI18n();
  const update = useUpdateCircle(circle.id);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [rating, setRating] = useState<PublicUser | null>(null);
  const { get } = myLegs(circle, me);

  const run = async (body: UpdateCircle, done: keyof typeof DONE) => {
    try {
      await update.mutateAsync(body);
      toast.success(_(DONE[done]));
      return true;
    } catch (error) {
      toast.error(_('circle.error'), {
        description: error instanceof Error ? error.message : undefined,
      });
      return false;
    }
  };

  const unrated =
    circle.status === 'completed'
      ? circle.legs
          .map((leg) => leg.giver)
          .filter((user) => user.id !== me && !circle.ratedUserIds.includes(user.id))
      : [];

  return (
    <div className="flex flex-wrap gap-2">
      {circle.actions.includes('accept') && (
        <Button disabled={update.isPending} onClick={() => run({ decision: 'accept' }, 'accept')}>
          {_('circle.accept')}
        </Button>
      )}
      {circle.actions.includes('decline') && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" disabled={update.isPending}>
              {_('circle.decline')}
            </Button>
          }
          title={_('circle.declineTitle')}
          text={_('circle.declineText')}
          confirmLabel={_('circle.declineConfirm')}
          onConfirm={() => void run({ decision: 'decline' }, 'decline')}
        />
      )}
      {circle.actions.includes('receive') && get && (
        <Button disabled={update.isPending} onClick={() => run({ received: true }, 'received')}>
          {_('circle.received', { title: get.item.title })}
        </Button>
      )}
      {circle.actions.includes('cancel') && (
        <Button variant="outline" onClick={() => setCancelOpen(true)}>
          {_('circle.cancel')}
        </Button>
      )}
      {unrated.map((user) => (
        // A member of another community is nickname@host: one long word, broken anywhere, the
        // button as tall as its lines.
        <Button
          key={user.id}
          variant="outline"
          className="h-auto min-h-11 max-w-full py-2 [overflow-wrap:anywhere]"
          onClick={() => setRating(user)}
        >
          {_('circle.rate', { name: displayName(user) })}
        </Button>
      ))}
      {/* Issue 40 §2: the problem is about whoever gives this member their listing. */}
      {(circle.status === 'accepted' || circle.status === 'completed') && get && (
        <ReportProblemButton
          url={`/api/circles/${circle.id}/problem`}
          otherName={displayName(get.giver)}
          where="circle"
          size="md"
        />
      )}
      <CancelDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        pending={update.isPending}
        onCancel={async (reason) => {
          if (await run({ status: 'cancelled', reason }, 'cancelled')) setCancelOpen(false);
        }}
      />
      {rating && (
        <RatingDialog
          to={rating}
          about={{ circleId: circle.id }}
          shownIn={CIRCLES_KEY}
          open
          onOpenChange={(open) => !open && setRating(null)}
        />
      )}
    </div>
  );
}

function CancelDialog({
  open,
  onOpenChange,
  pending,
  onCancel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onCancel: (reason: string) => Promise<void>;
}) {
  const { _ } = useI18n();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const reasonId = useId();
  const errorId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(_('circle.reasonRequired'));
      return;
    }
    setError('');
    await onCancel(reason.trim());
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={_('circle.cancelTitle')}
      description={_('circle.cancelText')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div>
          <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium">
            {_('circle.reason')}
          </label>
          <textarea
            id={reasonId}
            rows={3}
            value={reason}
            maxLength={CIRCLE_CANCEL_REASON_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setReason(e.target.value)}
            className="block w-full rounded-xl border border-line px-3 py-2 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          {error && (
            <p id={errorId} className="mt-1 text-sm text-red-700" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {_('circle.keep')}
          </Button>
          <Button type="submit" variant="destructive" disabled={pending}>
            {_('circle.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
