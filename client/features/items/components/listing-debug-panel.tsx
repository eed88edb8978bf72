import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing-form';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import type { ItemFormValues } from '../item-form-model';

addMessages('listing-form', englishMessages);

/** SPEC §2's debug panel: the form's values, with photos counted rather than dumped. */
export function ListingDebugPanel({ values }: { values: ItemFormValues }) {
  const { _ } = useI18n();
  const { images, ...rest } = values;
  return (
    <details className="rounded-2xl border border-dashed border-line bg-stone-50 p-4 text-sm">
      <summary className="cursor-pointer font-semibold">{_('listingForm.debug')}</summary>
      <pre className="mt-3 overflow-x-auto whitespace-pre-wrap break-words text-xs">
        {JSON.stringify(
          { ...rest, images: _('listingForm.debugPhotos', { count: images.length }) },
          null,
          2,
        )}
      </pre>
    </details>
  );
}
