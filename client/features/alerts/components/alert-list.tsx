import { Search, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
} from '../../../../shared/alert-frequencies';
import type { SavedSearch } from '../../../../shared/saved-searches';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { browseHref } from '../../../lib/browse-url';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteSavedSearch, useUpdateSavedSearch } from '../api/saved-searches';
import { describeSearch } from '../describe-search';

const compactSelect =
  'block h-9 rounded-xl border border-line bg-white px-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:opacity-60';

function AlertRow({ alert }: { alert: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const frequencyId = useId();
  const words = describeSearch(alert);
  const setFrequency = (frequency: AlertFrequency) =>
    update.mutate(
      { id: alert.id, frequency },
      {
        onSuccess: () => toast.success('Alert updated'),
        onError: (error) => toast.error('Alert not updated', { description: error.message }),
      },
    );
  const onDelete = () =>
    remove.mutate(alert.id, {
      onSuccess: () => toast.success('Alert deleted'),
      onError: (error) => toast.error('Alert not deleted', { description: error.message }),
    });

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-words font-semibold">{words}</p>
        <p className="text-sm text-muted">Saved {formatDate(alert.createdAt)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={frequencyId} className="sr-only">
          How often for {words}
        </label>
        <select
          id={frequencyId}
          value={alert.frequency}
          disabled={update.isPending}
          onChange={(e) => setFrequency(e.target.value as AlertFrequency)}
          className={compactSelect}
        >
          {ALERT_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {ALERT_FREQUENCY_LABELS[f]}
            </option>
          ))}
        </select>
        <Button asChild variant="ghost" size="sm">
          <Link
            to={browseHref({
              search: alert.search,
              categoryId: alert.categoryId ?? undefined,
              near: alert.near ?? undefined,
              radiusKm: alert.radiusKm ?? undefined,
              ...(alert.scope === 'local' && { scope: 'local' as const }),
              ...(alert.mode && { mode: alert.mode }),
            })}
            aria-label={`Show listings for ${words}`}
          >
            <Search className="size-4" aria-hidden /> Show
          </Link>
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="sm"
              className="text-danger"
              disabled={remove.isPending}
              aria-label={`Delete alert ${words}`}
            >
              <Trash2 className="size-4" aria-hidden /> Delete
            </Button>
          }
          title="Delete this alert?"
          text={`You will no longer hear about new listings for ${words}.`}
          confirmLabel="Delete alert"
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}

export function AlertList({ alerts }: { alerts: SavedSearch[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {alerts.map((alert) => (
        <AlertRow key={alert.id} alert={alert} />
      ))}
    </ul>
  );
}
