import { PackageSearch } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.browse';
import { COORDINATES_PATTERN } from '../../../shared/item-display';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { Page, PageTitle } from '../../components/ui/page';
import { SaveSearchButton } from '../../features/alerts/components/save-search-button';
import { useCategories, useItemFacets, useItemPages } from '../../features/items/api/items';
import { BrowseSearchForm } from '../../features/items/components/browse-search-form';
import { ItemGrid } from '../../features/items/components/item-card';
import { categoryName } from '../../features/items/display-names';
import { type BrowseSearch, browseParams } from '../../lib/browse-params';
import { browseHref, readBrowseSearch } from '../../lib/browse-url';
import { cn } from '../../lib/cn';
import { formatCount } from '../../lib/format';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

addMessages('browse', englishMessages);

function CategoryChips({ current }: { current: BrowseSearch }) {
  const i18n = useI18n();
  const { _, locale } = i18n;
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
        className={cn('ms-1.5 tabular-nums', active ? 'text-white/80' : 'text-muted')}
        data-testid="facet-count"
      >
        {formatCount(count, locale)}
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
      aria-label={_('browse.categories')}
      className="-mx-4 mb-6 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      <Link to={href()} className={chip(!selected)} aria-current={!selected ? 'page' : undefined}>
        {_('browse.allCategories')}
        {badge(countOf(), !selected)}
      </Link>
      {categories.map((category) => (
        <Link
          key={category.id}
          to={href(category.id)}
          className={chip(selected === category.id)}
          aria-current={selected === category.id ? 'page' : undefined}
        >
          {categoryName(i18n, category)}
          {badge(countOf(category.id), selected === category.id)}
        </Link>
      ))}
    </nav>
  );
}

export function BrowsePage() {
  const i18n = useI18n();
  const { _ } = i18n;
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
  const category = categories.find((c) => c.id === categoryId);
  // One message per heading, its limits chosen inside it (" within 10 km", ", free only").
  const limits = {
    count: items.length,
    more: pages.hasNextPage ? 'yes' : 'no',
    near: near ? 'yes' : 'no',
    km: current.radiusKm,
    mode: current.mode ?? 'all',
  };

  return (
    <Page>
      <PageTitle lead={_('browse.lead')}>{_('browse.title')}</PageTitle>
      <search>
        <BrowseSearchForm value={current} onSearch={(next) => setParams(browseParams(next))} />
      </search>

      <CategoryChips current={current} />

      {!search && !categoryId && !near && !current.mode && (
        <div className="mb-8 rounded-2xl border border-line bg-white p-6 text-center">
          <h2 className="text-xl font-bold">{_('browse.startTitle')}</h2>
          <p className="mt-1 text-muted">{_('browse.startText')}</p>
        </div>
      )}

      {pages.isError && (
        <p role="alert" className="mb-6 rounded-xl bg-red-50 px-4 py-3 font-medium text-danger">
          {pages.error.message}
        </p>
      )}
      {search && (
        <div className="mb-6 flex flex-wrap items-center gap-2">
          <SaveSearchButton
            search={current}
            categoryName={category && categoryName(i18n, category)}
          />
        </div>
      )}

      {pages.isPending ? (
        <LoadingScreen label={_('header.loading')} tall />
      ) : items.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title={_('browse.noneTitle')}
          text={
            !near
              ? _('browse.noneText')
              : COORDINATES_PATTERN.test(near)
                ? _('browse.noneNearYou', { km: current.radiusKm })
                : _('browse.noneNear', { km: current.radiusKm, place: near })
          }
        >
          <Button asChild variant="outline">
            <Link to="/browse">{_('browse.browseAll')}</Link>
          </Button>
        </EmptyState>
      ) : (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="mb-4 font-semibold text-muted" aria-live="polite">
            {search
              ? _('browse.found', { ...limits, search })
              : category
                ? _('browse.inCategory', { ...limits, category: categoryName(i18n, category) })
                : near
                  ? _('browse.nearby', limits)
                  : current.mode === 'giveaway'
                    ? _('browse.latestFree')
                    : current.mode === 'swap'
                      ? _('browse.latestSwaps')
                      : _('browse.latest')}
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
                {pages.isFetchingNextPage ? _('browse.loading') : _('browse.loadMore')}
              </Button>
            </div>
          )}
        </section>
      )}
    </Page>
  );
}
