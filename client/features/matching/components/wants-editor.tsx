import { ArrowDown, ArrowUp, Plus, Search, X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.wants';
import { thumbnailOf } from '../../../../shared/item-display';
import { MAX_WANTS } from '../../../../shared/limits';
import { Button } from '../../../components/ui/button';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useListingSearch, useSetWants, useWants } from '../api/matching';
import { ListingSummaryRow, Thumbnail } from './listing-summary';

addMessages('wants', englishMessages);

/**
 * "What would you take for this?": the owner's ordered list of listings they would accept for
 * theirs. Every change is saved at once; the first is the favourite.
 */
export function WantsEditor({ itemId, ownerId }: { itemId: number; ownerId: string }) {
  const { _ } = useI18n();
  const wants = useWants(itemId);
  const save = useSetWants(itemId);
  const [term, setTerm] = useState('');
  const deferred = useDeferredValue(term);
  const results = useListingSearch(deferred);
  const ids = { search: useId(), list: useId() };
  const current = wants.data?.items ?? [];
  const chosen = new Set(current.map((item) => item.id));

  const apply = async (next: number[]) => {
    try {
      await save.mutateAsync(next);
    } catch (error) {
      toast.error(_('wants.error'), {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };
  const order = current.map((item) => item.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    void apply(next);
  };
  const candidates = (results.data ?? []).filter(
    (item) => item.id !== itemId && item.userId !== ownerId && !chosen.has(item.id),
  );

  return (
    <section aria-labelledby={ids.list} className="rounded-2xl border border-line bg-white p-4">
      <h2 id={ids.list} className="text-lg font-bold">
        {_('wants.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{_('wants.intro')}</p>
      {current.length === 0 ? (
        <p className="mt-3 rounded-xl bg-stone-50 p-3 text-sm text-muted">{_('wants.none')}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-2">
          {current.map((item, index) => (
            <li key={item.id} className="flex items-center gap-2 rounded-xl border border-line p-2">
              <span className="w-6 shrink-0 text-center text-sm font-bold text-muted">
                {index + 1}
              </span>
              <ListingSummaryRow
                listing={item}
                className="flex-1"
                thumbnailClassName="hidden sm:flex"
              />
              <div className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={_('wants.up', { title: item.title })}
                  disabled={index === 0 || save.isPending}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp className="size-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={_('wants.down', { title: item.title })}
                  disabled={index === current.length - 1 || save.isPending}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown className="size-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={_('wants.remove', { title: item.title })}
                  disabled={save.isPending}
                  onClick={() => void apply(order.filter((id) => id !== item.id))}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4">
        <label htmlFor={ids.search} className="mb-1.5 block text-sm font-medium">
          {_('wants.find')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id={ids.search}
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            placeholder={_('wants.placeholder')}
            autoComplete="off"
            className="block h-11 w-full rounded-xl border border-line bg-white ps-9 pe-3 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </div>
        {deferred.trim().length >= 2 && (
          <ul aria-label={_('wants.found')} className="mt-2 flex flex-col gap-1">
            {results.isFetching && candidates.length === 0 && (
              <li className="p-2 text-sm text-muted">{_('wants.searching')}</li>
            )}
            {!results.isFetching && candidates.length === 0 && (
              <li className="p-2 text-sm text-muted">{_('wants.noMatch')}</li>
            )}
            {candidates.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  disabled={save.isPending || order.length >= MAX_WANTS}
                  onClick={() => {
                    setTerm('');
                    void apply([...order, item.id]);
                  }}
                  className="flex w-full items-center gap-3 rounded-xl p-2 text-start hover:bg-brand-50 disabled:opacity-60"
                >
                  <Thumbnail
                    src={item.images[0] ? thumbnailOf(item.images[0]) : null}
                    className="size-10"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{item.title}</span>
                    <span className="block truncate text-sm text-muted">
                      {displayName(item.user)}
                    </span>
                  </span>
                  <Plus className="size-5 shrink-0 text-brand-700" aria-hidden />
                  <span className="sr-only">{_('wants.add', { title: item.title })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
