import { BellPlus, BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ALERT_FREQUENCIES, type AlertFrequency } from '../../../../shared/alert-frequencies';

/** The frequencies' labels (ALERT_FREQUENCY_LABELS in the alerts area). */
const FREQUENCY_LABELS = {
  instant: 'alerts.frequency.instant',
  daily: 'alerts.frequency.daily',
  off: 'alerts.frequency.off',
} as const satisfies Record<AlertFrequency, string>;

import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.alerts';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import type { BrowseSearch } from '../../../lib/browse-params';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useCurrentUser } from '../../auth/api/current-user';
import { useCreateSavedSearch, useSavedSearches } from '../api/saved-searches';
import { describeSearch } from '../describe-search';

addMessages('alerts', englishMessages);

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * "Alert me about new matches": saves the browse page's current search as a want alert, its
 * scope and Type filter included (a search of this community only, or of give-aways or swaps
 * only, stays one). Alerts need search words (the
 * server matches listings by them); a search already saved says so.
 */
export function SaveSearchButton({
  search,
  categoryName,
}: {
  search: BrowseSearch;
  categoryName?: string;
}) {
  const { _ } = useI18n();
  const { isSignedIn } = useCurrentUser();
  const alerts = useSavedSearches(isSignedIn);
  const create = useCreateSavedSearch();
  const [open, setOpen] = useState(false);
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const frequencyId = useId();

  if (!search.search) return null;
  if (!isSignedIn) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to="/auth">
          <BellPlus className="size-4" aria-hidden /> {_('alerts.signIn')}
        </Link>
      </Button>
    );
  }
  const scope = search.scope === 'local' ? 'local' : 'everywhere';
  const saved = alerts.data?.some(
    (a) =>
      same(a.search, search.search) &&
      (a.categoryId ?? undefined) === search.categoryId &&
      same(a.near, search.near) &&
      (a.near ? a.radiusKm === (search.radiusKm ?? null) : true) &&
      a.scope === scope &&
      (a.mode ?? undefined) === search.mode,
  );
  if (saved) {
    return (
      <Button asChild variant="secondary" size="sm">
        <Link to="/alerts">
          <BellRing className="size-4" aria-hidden /> {_('alerts.saved')}
        </Link>
      </Button>
    );
  }
  const words = describeSearch(_, {
    search: search.search,
    category: categoryName ? { name: categoryName } : null,
    near: search.near,
    radiusKm: search.radiusKm,
    scope,
    mode: search.mode,
  });
  const onSave = () =>
    create.mutate(
      {
        search: search.search ?? '',
        categoryId: search.categoryId ?? null,
        near: search.near ?? null,
        radiusKm: search.near ? (search.radiusKm ?? null) : null,
        frequency,
        scope,
        // Both kinds are the default and go unsaid, as in the browse address.
        ...(search.mode && { mode: search.mode }),
      },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(_('alerts.saved'), { description: _('alerts.savedText', { words }) });
        },
        onError: (error) => toast.error(_('alerts.notSaved'), { description: error.message }),
      },
    );

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <BellPlus className="size-4" aria-hidden /> {_('alerts.alertMe')}
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={_('alerts.alertMe')}
        description={_('alerts.alertMeText', { words })}
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <div>
            <label htmlFor={frequencyId} className="mb-1.5 block text-sm font-medium">
              {_('alerts.howOften')}
            </label>
            <select
              id={frequencyId}
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as AlertFrequency)}
              className={inputClass}
            >
              {ALERT_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {_(FREQUENCY_LABELS[f])}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {_('alerts.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {_('alerts.save')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
