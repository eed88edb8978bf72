import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { apiRequest } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
export type ReportReason = { value: string; label: string };

/** What the dialog asks and where it sends it (report-button.tsx adds the button's own). */
export type ReportFields = {
  title: string;
  /** Under the title: what the moderators want to know. */
  lead: string;
  reasons: readonly ReportReason[];
  detailsMaxLength: number;
  /** Where the report is posted, as { reason, description }. */
  url: string;
  /** The "Report sent" toast's thanks. */
  thanks: string;
  /** The title of the toast that says the report was refused. */
  failedTitle: string;
  /** Start the next report blank (a member's report); a listing's keeps what was written. */
  clearAfterSending?: boolean;
};

type ReportDialogProps = ReportFields & {
  open: boolean;
  setOpen: (open: boolean) => void;
};

/**
 * The report's dialog: a required reason, optional details, sent to the moderators. On success
 * a toast thanks the member and the dialog closes; a refusal (a second report, say) is toasted
 * and the dialog stays open. Fetched with the first click on its button (report-button.tsx).
 */
export function ReportDialog({
  title,
  lead,
  reasons,
  detailsMaxLength,
  url,
  thanks,
  failedTitle,
  clearAfterSending = false,
  open,
  setOpen,
}: ReportDialogProps) {
  const { _ } = useI18n();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [pending, setPending] = useState(false);
  const ids = { reason: useId(), description: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await apiRequest('POST', url, { reason, description });
      toast.success(_('report.sent'), { description: thanks });
      setOpen(false);
      if (clearAfterSending) {
        setReason('');
        setDescription('');
      }
    } catch (error) {
      toast.error(failedTitle, {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={setOpen} title={title} description={lead}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div>
          <label htmlFor={ids.reason} className="mb-1.5 block text-sm font-medium">
            {_('report.reason')}
          </label>
          <select
            id={ids.reason}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className={inputClass}
            required
          >
            <option value="">{_('report.chooseReason')}</option>
            {reasons.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.description} className="mb-1.5 block text-sm font-medium">
            {_('report.details')}
          </label>
          <textarea
            id={ids.description}
            rows={3}
            maxLength={detailsMaxLength}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            className={cn(inputClass, 'h-auto py-2')}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            {_('report.cancel')}
          </Button>
          <Button type="submit" disabled={!reason || pending}>
            {_('report.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
