import type { ItemFormValues } from '../item-form-model';

/** SPEC §2's debug panel: the form's values, with photos counted rather than dumped. */
export function ListingDebugPanel({ values }: { values: ItemFormValues }) {
  const { images, ...rest } = values;
  return (
    <details className="rounded-2xl border border-dashed border-line bg-stone-50 p-4 text-sm">
      <summary className="cursor-pointer font-semibold">Debug panel</summary>
      <pre className="mt-3 overflow-x-auto whitespace-pre-wrap break-words text-xs">
        {JSON.stringify({ ...rest, images: `${images.length} photo(s)` }, null, 2)}
      </pre>
    </details>
  );
}
