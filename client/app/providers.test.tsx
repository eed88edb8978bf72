import { useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { itemKey } from '../features/items/api/items';
import { createQueryClient } from '../lib/query-client';
import { seedInitialData } from './initial-data';
import { Providers } from './providers';

function InlinedTitle() {
  const title = useQueryClient().getQueryData<{ title: string }>(itemKey(7))?.title;
  return <p>{title ?? 'nothing inlined'}</p>;
}

describe('Providers', () => {
  it('keeps the inlined listing when React draws the tree again from scratch', () => {
    // The inlined listing is read once (the element goes), so whatever renders the tree must
    // not read it again: a hydration React discards and restarts runs every render-time setup
    // anew, and only state made outside rendering survives that.
    window.history.replaceState({}, '', '/item/7');
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="initial-item" data-id="7">{"id":7,"title":"Banjo"}</script>',
    );
    const queryClient = seedInitialData(createQueryClient());
    const first = render(
      <Providers queryClient={queryClient}>
        <InlinedTitle />
      </Providers>,
    );
    expect(screen.getByText('Banjo')).toBeInTheDocument();
    first.unmount();
    render(
      <Providers queryClient={queryClient}>
        <InlinedTitle />
      </Providers>,
    );
    expect(screen.getByText('Banjo')).toBeInTheDocument();
    expect(document.getElementById('initial-item')).toBeNull();
    window.history.replaceState({}, '', '/');
  });
});
