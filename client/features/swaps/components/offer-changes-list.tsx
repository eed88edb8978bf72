import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offers';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { useI18n } from '../../../lib/use-i18n';
import type { ChangedListing, SideChanges } from '../offer-changes';

addMessages('offers', englishMessages);

function Change({ kind, change }: { kind: 'added' | 'removed'; change: ChangedListing }) {
  const { _ } = useI18n();
  const Icon = kind === 'added' ? Plus : Minus;
  return (
    <li
      className={cn(
        'inline-flex max-w-full items-start gap-1 rounded-lg px-2.5 py-0.5',
        kind === 'added' ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900',
      )}
    >
      <Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      {/* Long titles wrap rather than being cut short: the change is the point. */}
      <span className="min-w-0 break-words">
        {richMessage(
          _,
          kind === 'added' ? 'offers.changes.added' : 'offers.changes.removed',
          {},
          {
            title: (
              <span className="font-semibold">
                {change.listing?.title ?? _('offers.changes.aListing')}
              </span>
            ),
          },
        )}
      </span>
    </li>
  );
}

/**
 * Issue 38: what a counter-offer changed against the offer it counters, side by side as the card
 * names them ("Added: …", "Removed: …"). A removed listing whose offer is not loaded is "a listing".
 */
export function OfferChangesList({
  sides,
}: {
  sides: ReadonlyArray<{ label: string; changes: SideChanges }>;
}) {
  const headingId = useId();
  const { _ } = useI18n();
  const changed = sides.filter(
    ({ changes }) => changes.added.length > 0 || changes.removed.length > 0,
  );
  if (changed.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-dashed border-line p-3 text-sm"
    >
      <h3 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-muted">
        {_('offers.changes')}
      </h3>
      <dl className="mt-2 flex flex-col gap-2">
        {changed.map(({ label, changes }) => (
          <div key={label} className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-3">
            <dt className="shrink-0 font-medium sm:w-32">{label}</dt>
            <dd className="min-w-0">
              <ul className="flex flex-wrap gap-1.5">
                {changes.added.map((change) => (
                  <Change key={`added-${change.id}`} kind="added" change={change} />
                ))}
                {changes.removed.map((change) => (
                  <Change key={`removed-${change.id}`} kind="removed" change={change} />
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
