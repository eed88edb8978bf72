import { type FormEvent, useId, useState } from 'react';
import { PROBLEM_MESSAGE_MAX_LENGTH } from '../../../../shared/limits';
import {
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
import { useI18n } from '../../../lib/use-i18n';

export type ProblemReportTarget = {
  /** Where the problem is posted: an offer's or a circle's `/problem`. */
  url: string;
  /** Who the problem is about and where they answer, for the dialog's lead. */
  otherName: string;
  where: 'offer' | 'circle';
};

type ReportProblemDialogProps = ProblemReportTarget & {
  open: boolean;
  setOpen: (open: boolean) => void;
};

/**
 * "Report a problem" after a swap or a circle (issue 40 §2): a reason (radio group) and what
 * happened, checked with the schema the server uses; the server's refusal (too late, already
 * reported) is shown in the dialog, which stays open, and read out (role="alert"). Fetched on
 * the first click of its button (report-problem-button.tsx).
 */
export function ReportProblemDialog({
  url,
  otherName,
  where,
  open,
  setOpen,
}: ReportProblemDialogProps) {
  const { _ } = useI18n();
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
      // The schema's checks, in the reader's language.
      const issue = parsed.error.issues[0];
      setError(
        issue?.path[0] === 'reason'
          ? _('problem.error.reason')
          : issue?.code === 'too_big'
            ? _('problem.error.tooLong', { max: PROBLEM_MESSAGE_MAX_LENGTH })
            : issue
              ? _('problem.error.message')
              : _('problem.checkForm'),
      );
      return;
    }
    setError('');
    setPending(true);
    try {
      await apiRequest('POST', url, parsed.data);
      toast.success(_('problem.reported'), {
        description: _('problem.reportedText', { name: otherName }),
      });
      setOpen(false);
      setReason('');
      setMessage('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('problem.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError('');
      }}
      title={_('problem.report')}
      description={_('problem.lead', { days: PROBLEM_WINDOW_DAYS, name: otherName, where })}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <fieldset aria-describedby={error ? ids.error : undefined}>
          <legend id={ids.legend} className="mb-1.5 text-sm font-medium">
            {_('problem.whatWentWrong')}
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
                {_(`problem.reason.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={ids.message} className="mb-1.5 block text-sm font-medium">
            {_('problem.whatHappened')}
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
            {_('problem.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {_('problem.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
