import { Search, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { ALERT_FREQUENCIES, type AlertFrequency } from '../../../../shared/alert-frequencies';

/** The frequencies' labels (ALERT_FREQUENCY_LABELS in the alerts area). */
const FREQUENCY_LABELS = {
  instant: 'alerts.frequency.instant',
  daily: 'alerts.frequency.daily',
  off: 'alerts.frequency.off',
} as const satisfies Record<AlertFrequency, string>;

import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.alerts';
import type { SavedSearch } from '../../../../shared/saved-searches';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { browseHref } from '../../../lib/browse-url';
import { formatDate } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { categoryName } from '../../items/display-names';
import { useDeleteSavedSearch, useUpdateSavedSearch } from '../api/saved-searches';
import { describeSearch } from '../describe-search';

addMessages('alerts', englishMessages);

const compactSelect =
  'block h-9 rounded-xl border border-line bg-white px-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:opacity-60';

function AlertRow({ alert }: { alert: SavedSearch }) {
  const i18n = useI18n();
  const { _, locale } = i18n;
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const frequencyId = useId();
  const words = describeSearch(_, {
    ...alert,
    category: alert.category && { name: categoryName(i18n, alert.category) },
  });
  const setFrequency = (frequency: AlertFrequency) =>
    update.mutate(
      { id: alert.id, frequency },
      {
        onSuccess: () => toast.success(_('alerts.updated')),
        onError: (error) => toast.error(_('alerts.notUpdated'), { description: error.message }),
      },
    );
  const onDelete = () =>
    remove.mutate(alert.id, {
      onSuccess: () => toast.success(_('alerts.deleted')),
      onError: (error) => toast.error(_('alerts.notDeleted'), { description: error.message }),
    });

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-words font-semibold">{words}</p>
        <p className="text-sm text-muted">
          {_('alerts.savedOn', { date: formatDate(alert.createdAt, locale) })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={frequencyId} className="sr-only">
          {_('alerts.howOftenFor', { words })}
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
              {_(FREQUENCY_LABELS[f])}
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
            aria-label={_('alerts.showFor', { words })}
          >
            <Search className="size-4" aria-hidden /> {_('alerts.show')}
          </Link>
        </Button>
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="sm"
              className="text-danger"
              disabled={remove.isPending}
              aria-label={_('alerts.deleteFor', { words })}
            >
              <Trash2 className="size-4" aria-hidden /> {_('alerts.delete')}
            </Button>
          }
          title={_('alerts.deleteTitle')}
          text={_('alerts.deleteText', { words })}
          confirmLabel={_('alerts.deleteConfirm')}
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
