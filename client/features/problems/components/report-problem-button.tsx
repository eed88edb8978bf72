import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PROBLEM_MESSAGE_MAX_LENGTH } from '../../../../shared/limits';
import {
  PROBLEM_REASON_LABELS,
  PROBLEM_REASONS,
  PROBLEM_WINDOW_DAYS,
  type ProblemReason,
} from '../../../../shared/problem-reasons';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { apiRequest } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';

export type ReportProblemButtonProps = {
  /** Where the problem is posted: an offer's or a circle's `/problem`. */
  url: string;
  /** Who the problem is about and where they answer, for the dialog's lead. */
  otherName: string;
  where: 'offer' | 'circle';
  size?: 'sm' | 'md';
};

/**
 * "Report a problem" after a swap or a circle (issue 40 §2): a reason (radio group) and what
 * happened, checked with the schema the server uses; the server's refusal (too late, already
 * reported) is shown in the dialog, which stays open, and read out (role="alert").
 */
export function ReportProblemButton({
  url,
  otherName,
  where,
  size = 'sm',
}: ReportProblemButtonProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ProblemReason | ''>('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const ids = { legend: useId(), message: useId(), count: useId(), error: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) load with the first report, not with every offer card.
    const { reportProblemSchema } = await import('../../../../shared/problems');
    const parsed = reportProblemSchema.safeParse({ reason, message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setError('');
    setPending(true);
    try {
      await apiRequest('POST', url, parsed.data);
      toast.success('Problem reported', {
        description: `${otherName} has been told. A moderator will look at it.`,
      });
      setOpen(false);
      setReason('');
      setMessage('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The problem could not be reported');
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <AlertTriangle className="size-4" aria-hidden /> Report a problem
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError('');
        }}
        title="Report a problem"
        description={`Within ${PROBLEM_WINDOW_DAYS} days of the swap (of agreeing it, for a no-show). ${otherName} is told and can answer in the ${where}'s chat; a moderator decides.`}
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <fieldset aria-describedby={error ? ids.error : undefined}>
            <legend id={ids.legend} className="mb-1.5 text-sm font-medium">
              What went wrong?
            </legend>
            <div role="radiogroup" aria-labelledby={ids.legend} className="flex flex-col gap-1">
              {PROBLEM_REASONS.map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 hover:bg-stone-50"
                >
                  <input
                    type="radio"
                    name="problem-reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                    className="size-4 accent-brand-700"
                  />
                  {PROBLEM_REASON_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={ids.message} className="mb-1.5 block text-sm font-medium">
              What happened?
            </label>
            <textarea
              id={ids.message}
              rows={4}
              maxLength={PROBLEM_MESSAGE_MAX_LENGTH}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              aria-describedby={cn(ids.count, error && ids.error)}
              aria-invalid={error ? true : undefined}
              className={cn(inputClass, 'h-auto py-2')}
            />
            <p id={ids.count} className="mt-1 text-right text-xs text-muted">
              {message.length}/{PROBLEM_MESSAGE_MAX_LENGTH}
            </p>
          </div>
          <FormAlert id={ids.error}>{error}</FormAlert>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              Send to the moderators
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
