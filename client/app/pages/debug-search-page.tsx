import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { messages as englishMessages } from '../../../shared/i18n/compiled/en.admin';
import type { Item } from '../../../shared/items';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Page, PageTitle } from '../../components/ui/page';
import { useCategories } from '../../features/items/api/items';
import { apiGet } from '../../lib/api-client';
import { addMessages } from '../../lib/i18n';
import { useI18n } from '../../lib/use-i18n';

// The diagnostics pages are for the site's admins: their words are the admin area's.
addMessages('admin', englishMessages);

type DebugResult = {
  items: Item[];
  searchParams: Record<string, unknown>;
  debug: { count: number; durationMs: number };
};

function DebugResults({ url }: { url: string }) {
  const result = useQuery({ queryKey: [url], queryFn: () => apiGet<DebugResult>(url) });
  const { _ } = useI18n();
  if (result.isPending) return <p role="status">{_('admin.loading')}</p>;
  if (result.isError)
    return <p role="alert">{_('admin.debug.failed', { error: result.error.message })}</p>;
  const { items, searchParams, debug } = result.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold" role="status">
        {_('admin.debug.found', { count: debug.count, ms: debug.durationMs })}
      </p>
      <pre className="overflow-x-auto rounded-xl bg-stone-900 p-4 text-xs text-stone-100">
        {JSON.stringify(searchParams, null, 2)}
      </pre>
      <ul className="divide-y divide-line rounded-xl border border-line bg-white">
        {items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 px-4 py-2 text-sm">
            <Link to={`/item/${item.id}`} className="font-medium hover:underline">
              #{item.id} {item.title}
            </Link>
            <span className="text-muted">{item.category?.name ?? _('admin.debug.noCategory')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /test-search: the search call with its parameters, counts and timing. */
export function TestSearchPage() {
  const { _ } = useI18n();
  const [term, setTerm] = useState('');
  const [submitted, setSubmitted] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) setSubmitted(term.trim());
  };
  return (
    <Page narrow>
      <PageTitle lead={_('admin.debug.searchLead')}>{_('admin.debug.searchTitle')}</PageTitle>
      <form onSubmit={onSubmit} className="mb-6 flex items-end gap-2">
        <Field
          label={_('admin.debug.searchText')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          className="flex-1"
        />
        <Button type="submit" disabled={!term.trim()}>
          {_('admin.debug.run')}
        </Button>
      </form>
      {submitted && (
        <DebugResults url={`/api/items?search=${encodeURIComponent(submitted)}&debug=true`} />
      )}
    </Page>
  );
}

/** /category-test: the category filter with its parameters, counts and timing. */
export function CategoryTestPage() {
  const { _ } = useI18n();
  const { data: categories = [] } = useCategories();
  const [categoryId, setCategoryId] = useState<number>();
  return (
    <Page narrow>
      <PageTitle lead={_('admin.debug.categoryLead')}>{_('admin.debug.categoryTitle')}</PageTitle>
      <div className="mb-6 flex flex-wrap gap-2">
        {categories.map((c) => (
          <Button
            key={c.id}
            variant={categoryId === c.id ? 'primary' : 'outline'}
            size="sm"
            onClick={() => setCategoryId(c.id)}
          >
            {c.id}: {c.name}
          </Button>
        ))}
      </div>
      {categoryId && <DebugResults url={`/api/items?categoryId=${categoryId}&debug=true`} />}
    </Page>
  );
}
