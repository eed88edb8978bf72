import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import {
  invalidateOfferLists,
  messagesKey,
  useLatestOfferWith,
  useMessages,
  useSwapRequests,
} from './swap-requests';

afterEach(() => vi.unstubAllGlobals());

/** Every request the hooks send, answered with an empty page. */
function recordRequests() {
  const sent: Array<{ url: string; cacheControl: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, cacheControl: new Headers(init.headers).get('cache-control') });
      return new Response('[]', { headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

describe('pages of offers after a change', () => {
  it('asks for a fresh page only when a fetch follows an invalidation', async () => {
    const sent = recordRequests();
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({ live: useSwapRequests(true), latest: useLatestOfferWith('member-2', true) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.live.isSuccess).toBe(true));
    await waitFor(() => expect(result.current.latest.isSuccess).toBe(true));
    // The first load may be answered from what a server keeps.
    expect(sent).toEqual([
      { url: '/api/swap-requests', cacheControl: null },
      { url: '/api/swap-requests?limit=1&with=member-2', cacheControl: null },
    ]);

    // A live event or the member's own change: both pages are read afresh.
    invalidateOfferLists(client);
    await waitFor(() => expect(sent.length).toBeGreaterThanOrEqual(4));
    const live = sent.slice(2).filter((r) => r.url !== '/api/swap-requests/counts');
    expect(live).toEqual([
      { url: '/api/swap-requests', cacheControl: 'no-cache' },
      { url: '/api/swap-requests?limit=1&with=member-2', cacheControl: 'no-cache' },
    ]);

    // Once answered, a plain refetch (a refocus, a poll) may be kept again.
    await waitFor(() => expect(result.current.live.isFetching).toBe(false));
    await result.current.live.refetch();
    expect(sent.at(-1)).toEqual({ url: '/api/swap-requests', cacheControl: null });
  });

  it('asks for a fresh chat page when the chat refetches after a change', async () => {
    const sent = recordRequests();
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useMessages(12, true), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(sent).toEqual([{ url: '/api/swap-requests/12/messages?limit=50', cacheControl: null }]);
    // A new message or a read mark invalidates the chat.
    await client.invalidateQueries({ queryKey: messagesKey(12) });
    expect(sent.at(-1)).toEqual({
      url: '/api/swap-requests/12/messages?limit=50',
      cacheControl: 'no-cache',
    });
  });
});
