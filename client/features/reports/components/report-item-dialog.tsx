import { Flag } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { REPORT_REASONS } from '../../../../shared/report-reasons';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { apiRequest } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';

export function ReportItemButton({ itemId }: { itemId: number }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [pending, setPending] = useState(false);
  const ids = { reason: useId(), description: useId() };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await apiRequest('POST', `/api/items/${itemId}/report`, { reason, description });
      toast.success('Report sent', {
        description: 'Thank you. A moderator will look at this listing.',
      });
      setOpen(false);
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : undefined });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} className="text-muted">
        <Flag className="size-4" aria-hidden /> Report this listing
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Report this listing"
        description="Tell the moderators what is wrong."
      >
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <div>
            <label htmlFor={ids.reason} className="mb-1.5 block text-sm font-medium">
              Reason
            </label>
            <select
              id={ids.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={inputClass}
              required
            >
              <option value="">Choose a reason</option>
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
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
              maxLength={1000}
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
