import { type ReactNode, useId } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offer-dialogs';
import { thumbnailOf } from '../../../../shared/item-display';
import type { Item } from '../../../../shared/items';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { ItemImage } from '../../items/components/item-image';

addMessages('offer-dialogs', englishMessages);

/** A listing's first photo, small, beside its title: how the offer dialogs show a listing. */
export function ListingChoiceRow({ item, note }: { item: Item; note?: string }) {
  return (
    <>
      {/* The title names the choice; the picture (or 'No image') is only to recognise it by. */}
      <span aria-hidden className="shrink-0">
        <ItemImage
          src={item.images[0] && thumbnailOf(item.images[0])}
          alt=""
          className="size-10 rounded-lg text-[0px]"
          width={40}
          height={40}
        />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{item.title}</span>
        {note && <span className="block text-xs text-muted">{note}</span>}
      </span>
    </>
  );
}

/**
 * One side of an offer to choose: a checkbox per listing, at most `max` ticked (the others are
 * disabled until one is unticked). `status` says how many are chosen; it is read out as it
 * changes and describes the group.
 */
export function ListingPicker({
  legend,
  listings,
  picked,
  onToggle,
  max,
  status,
  isPending,
  empty,
  children,
}: {
  legend: ReactNode;
  listings: readonly Item[];
  picked: readonly number[];
  onToggle: (id: number) => void;
  max: number;
  status: string;
  isPending: boolean;
  /** Shown instead of the list when there is nothing to choose. */
  empty: string;
  /** Shown between the legend and the choices (e.g. the listing already asked for). */
  children?: ReactNode;
}) {
  const statusId = useId();
  const { _ } = useI18n();
  const full = picked.length >= max;
  return (
    <fieldset aria-describedby={statusId} className="min-w-0">
      <legend className="mb-0.5 text-sm font-semibold">{legend}</legend>
      <p id={statusId} aria-live="polite" className="mb-2 text-xs text-muted">
        {status}
      </p>
      {children}
      {isPending ? (
        <p className="text-sm text-muted">{_('offerForm.loading')}</p>
      ) : listings.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="-m-0.5 flex max-h-56 flex-col gap-2 overflow-y-auto p-0.5">
          {listings.map((item) => {
            const checked = picked.includes(item.id);
            return (
              <li key={item.id}>
                <label
                  className={cn(
                    'flex min-h-12 items-center gap-3 rounded-xl border p-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                    checked
                      ? 'cursor-pointer border-brand-600 bg-brand-50/60'
                      : full
                        ? 'cursor-not-allowed border-line bg-stone-50 text-muted'
                        : 'cursor-pointer border-line hover:bg-stone-50',
                  )}
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => onToggle(item.id)}
                    className="size-4 shrink-0 accent-brand-700"
                  />
                  <ListingChoiceRow item={item} />
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
