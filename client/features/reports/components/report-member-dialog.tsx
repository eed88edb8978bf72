import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  MEMBER_REPORT_DESCRIPTION_MAX,
  MEMBER_REPORT_REASON_LABELS,
  MEMBER_REPORT_REASONS,
  type MemberReportReason,
} from '../../../../shared/report-reasons';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { apiRequest } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';

/** "Report this member" on someone else's profile: a reason, optional details, to the moderators. */
export function ReportMemberButton({ userId, name }: { userId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<MemberReportReason | ''>('');
  const [description, setDescription] = useState('');
  const [pending, setPending] = useState(false);
  const ids = { reason: useId(), description: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await apiRequest('POST', `/api/users/${encodeURIComponent(userId)}/report`, {
        reason,
        description,
      });
      toast.success('Report sent', {
        description: `Thank you. A moderator will look into ${name}'s account.`,
      });
      setOpen(false);
      setReason('');
      setDescription('');
    } catch (error) {
      toast.error('Report not sent', {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} className="text-muted">
        <Flag className="size-4" aria-hidden /> Report this member
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Report ${name}`}
        description="Tell the moderators what happened. The member is not told who reported them."
      >
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div>
            <label htmlFor={ids.reason} className="mb-1.5 block text-sm font-medium">
              Reason
            </label>
            <select
              id={ids.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value as MemberReportReason | '')}
              className={inputClass}
              required
            >
              <option value="">Choose a reason</option>
              {MEMBER_REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {MEMBER_REPORT_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.description} className="mb-1.5 block text-sm font-medium">
              Details (optional)
            </label>
            <textarea
              id={ids.description}
              rows={3}
              maxLength={MEMBER_REPORT_DESCRIPTION_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className={cn(inputClass, 'h-auto py-2')}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!reason || pending}>
              Send Report
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
