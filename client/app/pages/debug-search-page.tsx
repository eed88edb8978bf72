import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { Item } from '../../../shared/items';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Page, PageTitle } from '../../components/ui/page';
import { useCategories } from '../../features/items/api/items';
import { apiGet } from '../../lib/api-client';

type DebugResult = {
  items: Item[];
  searchParams: Record<string, unknown>;
  debug: { count: number; durationMs: number };
};

function DebugResults({ url }: { url: string }) {
  const result = useQuery({ queryKey: [url], queryFn: () => apiGet<DebugResult>(url) });
  if (result.isPending) return <p role="status">Loading...</p>;
  if (result.isError) return <p role="alert">Request failed: {result.error.message}</p>;
  const { items, searchParams, debug } = result.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold" role="status">
        {debug.count} item(s) in {debug.durationMs} ms
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
            <span className="text-muted">{item.category?.name ?? 'No category'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /test-search: the search call with its parameters, counts and timing. */
export function TestSearchPage() {
  const [term, setTerm] = useState('');
  const [submitted, setSubmitted] = useState<string>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) setSubmitted(term.trim());
  };
  return (
    <Page narrow>
      <PageTitle lead="Diagnostics: what the items API answers for a search.">
        Search Test
      </PageTitle>
      <form onSubmit={onSubmit} className="mb-6 flex items-end gap-2">
        <Field
          label="Search text"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          className="flex-1"
        />
        <Button type="submit" disabled={!term.trim()}>
          Run
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
  const { data: categories = [] } = useCategories();
  const [categoryId, setCategoryId] = useState<number>();
  return (
    <Page narrow>
      <PageTitle lead="Diagnostics: what the items API answers for each category.">
        Category Test
      </PageTitle>
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
