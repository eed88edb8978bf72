import { PackageSearch, Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { inputClass } from '../../components/ui/field';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { useCategories, useItemPages } from '../../features/items/api/items';
import { ItemGrid } from '../../features/items/components/item-card';
import { cn } from '../../lib/cn';

function CategoryChips({ selected, search }: { selected: number | undefined; search: string }) {
  const { data: categories = [] } = useCategories();
  const href = (categoryId?: number) => {
    const params = new URLSearchParams();
    if (search) params.set('search', search);
    if (categoryId) params.set('categoryId', String(categoryId));
    const query = params.toString();
    return query ? `/browse?${query}` : '/browse';
  };
  const chip = (active: boolean) =>
    cn(
      'shrink-0 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
      active
        ? 'border-brand-700 bg-brand-700 text-white'
        : 'border-line bg-white hover:border-brand-200',
    );
  return (
    <nav
      aria-label="Categories"
      className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      <Link to={href()} className={chip(!selected)} aria-current={!selected ? 'page' : undefined}>
        All
      </Link>
      {categories.map((category) => (
        <Link
          key={category.id}
          to={href(category.id)}
          className={chip(selected === category.id)}
          aria-current={selected === category.id ? 'page' : undefined}
        >
          {category.name}
        </Link>
      ))}
    </nav>
  );
}

export function BrowsePage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const categoryParam = Number(params.get('categoryId'));
  const categoryId =
    Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : undefined;
  const [term, setTerm] = useState(search);
  useEffect(() => setTerm(search), [search]);

  const pages = useItemPages({ search: search || undefined, categoryId });
  const items = pages.data?.pages.flat() ?? [];
  const { data: categories = [] } = useCategories();
  const categoryName = categories.find((c) => c.id === categoryId)?.name;

  const update = (nextSearch: string) => {
    const next = new URLSearchParams();
    if (nextSearch) next.set('search', nextSearch);
    if (categoryId) next.set('categoryId', String(categoryId));
    setParams(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) update(term.trim());
  };

  return (
    <Page>
      <PageTitle lead="Find something to swap for. Every listing here is looking for a new home.">
        Browse Items
      </PageTitle>
      <search>
        <form onSubmit={onSubmit} className="mb-5 flex flex-col gap-2 sm:flex-row">
          <label htmlFor="search-items" className="sr-only">
            Search for items
          </label>
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted"
              aria-hidden
            />
            <input
              id="search-items"
              type="search"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              placeholder="Search for items..."
              className={cn(inputClass, 'h-12 pl-10')}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="lg" disabled={!term.trim()} className="flex-1 sm:flex-none">
              Search
            </Button>
            <Button
              type="button"
              variant="outline"
              size="lg"
              className="flex-1 sm:flex-none"
              onClick={() => {
                setTerm('');
                update('');
              }}
            >
              <X className="size-4" aria-hidden /> Clear
            </Button>
          </div>
        </form>
      </search>

      <CategoryChips selected={categoryId} search={search} />

      {!search && !categoryId && (
        <div className="mb-8 rounded-2xl border border-line bg-white p-6 text-center">
          <h2 className="text-xl font-bold">Search for items</h2>
          <p className="mt-1 text-muted">Enter a search term to find items available for swap.</p>
        </div>
      )}

      {pages.isPending ? (
        <LoadingScreen />
      ) : items.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title="No items found"
          text="Try searching for something else or browse all items."
        >
          <Button asChild variant="outline">
            <Link to="/browse">Browse all items</Link>
          </Button>
        </EmptyState>
      ) : (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="mb-4 font-semibold text-muted" aria-live="polite">
            {search
              ? `Found ${items.length}${pages.hasNextPage ? '+' : ''} item(s) for "${search}"`
              : categoryName
                ? `${items.length}${pages.hasNextPage ? '+' : ''} item(s) in ${categoryName}`
                : 'Latest listings'}
          </h2>
          <ItemGrid items={items} />
          {pages.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button
                variant="outline"
                size="lg"
                onClick={() => pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </section>
      )}
    </Page>
  );
}
