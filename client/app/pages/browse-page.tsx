import { PackageSearch } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { COORDINATES_PATTERN } from '../../../shared/item-display';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { SaveSearchButton } from '../../features/alerts/components/save-search-button';
import { useCategories, useItemFacets, useItemPages } from '../../features/items/api/items';
import { BrowseSearchForm } from '../../features/items/components/browse-search-form';
import { ItemGrid } from '../../features/items/components/item-card';
import { type BrowseSearch, browseParams } from '../../lib/browse-params';
import { browseHref, readBrowseSearch } from '../../lib/browse-url';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';

function CategoryChips({ current }: { current: BrowseSearch }) {
  const { data: categories = [] } = useCategories();
  // While searching, each chip says how many listings the search finds there.
  const facets = useItemFacets({
    search: current.search,
    near: current.near,
    radiusKm: current.radiusKm,
    scope: current.scope,
    mode: current.mode,
  });
  const counts = current.search && facets.data ? facets.data : undefined;
  const countOf = (id?: number) =>
    counts
      ? id === undefined
        ? counts.categories.reduce((sum, c) => sum + c.count, 0)
        : (counts.categories.find((c) => c.id === id)?.count ?? 0)
      : undefined;
  const badge = (count: number | undefined, active: boolean) =>
    count === undefined ? null : (
      <span
        className={cn('ml-1.5 tabular-nums', active ? 'text-white/80' : 'text-muted')}
        data-testid="facet-count"
      >
        {formatCount(count)}
      </span>
    );
  const selected = current.categoryId;
  const href = (categoryId?: number) => browseHref({ ...current, categoryId });
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
        All{badge(countOf(), !selected)}
      </Link>
      {categories.map((category) => (
        <Link
          key={category.id}
          to={href(category.id)}
          className={chip(selected === category.id)}
          aria-current={selected === category.id ? 'page' : undefined}
        >
          {category.name}
          {badge(countOf(category.id), selected === category.id)}
        </Link>
      ))}
    </nav>
  );
}

export function BrowsePage() {
  const [params, setParams] = useSearchParams();
  const current = readBrowseSearch(params);
  const { search, categoryId, near } = current;

  const pages = useItemPages({
    search,
    categoryId,
    near,
    radiusKm: current.radiusKm,
    sort: current.sort,
    scope: current.scope,
    mode: current.mode,
  });
  const items = pages.isError ? [] : (pages.data?.pages.flat() ?? []);
  const { data: categories = [] } = useCategories();
  const categoryName = categories.find((c) => c.id === categoryId)?.name;
  const where = `${near ? ` within ${current.radiusKm} km` : ''}${
    current.mode === 'giveaway' ? ', free only' : current.mode === 'swap' ? ', swaps only' : ''
  }`;

  return (
    <Page>
      <PageTitle lead="Find something to swap for. Every listing here is looking for a new home.">
        Browse Items
      </PageTitle>
      <search>
        <BrowseSearchForm value={current} onSearch={(next) => setParams(browseParams(next))} />
      </search>

      <CategoryChips current={current} />

      {!search && !categoryId && !near && !current.mode && (
        <div className="mb-8 rounded-2xl border border-line bg-white p-6 text-center">
          <h2 className="text-xl font-bold">Search for items</h2>
          <p className="mt-1 text-muted">Enter a search term to find items available for swap.</p>
        </div>
      )}

      {pages.isError && (
        <p role="alert" className="mb-6 rounded-xl bg-red-50 px-4 py-3 font-medium text-danger">
          {pages.error.message}
        </p>
      )}
      {search && (
        <div className="mb-6 flex flex-wrap items-center gap-2">
          <SaveSearchButton search={current} categoryName={categoryName} />
        </div>
      )}

      {pages.isPending ? (
        <LoadingScreen tall />
      ) : items.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title="No items found"
          text={
            near
              ? `Nothing within ${current.radiusKm} km of ${COORDINATES_PATTERN.test(near) ? 'your location' : near} yet. Try a wider radius or another place.`
              : 'Try searching for something else or browse all items.'
          }
        >
          <Button asChild variant="outline">
            <Link to="/browse">Browse all items</Link>
          </Button>
        </EmptyState>
      ) : (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="mb-4 font-semibold text-muted" aria-live="polite">
            {search
              ? `Found ${items.length}${pages.hasNextPage ? '+' : ''} item(s) for "${search}"${where}`
              : categoryName
                ? `${items.length}${pages.hasNextPage ? '+' : ''} item(s) in ${categoryName}${where}`
                : near
                  ? `${items.length}${pages.hasNextPage ? '+' : ''} item(s)${where}`
                  : current.mode === 'giveaway'
                    ? 'Latest free listings'
                    : current.mode === 'swap'
                      ? 'Latest swaps'
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
