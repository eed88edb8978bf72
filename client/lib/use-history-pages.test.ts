import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useHistoryPages } from './use-history-pages';

type Row = { id: number; text: string };
const PAGE = 5;
const rows = (from: number, to: number): Row[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, text: `r${from + i}` }));
const ids = (list: readonly Row[] | undefined) => list?.map((r) => r.id);

/** A chat of `total` messages (ids 1..total), served oldest first a page at a time. */
const chatServer = (total: number) =>
  vi.fn(async (before: number) => rows(Math.max(1, before - PAGE), Math.min(total, before - 1)));
const chat = { pageSize: PAGE, olderAt: 'start' as const };

describe('useHistoryPages, a chat (older above)', () => {
  it('offers nothing more when the live page holds the whole history', () => {
    const { result } = renderHook(() => useHistoryPages(rows(1, 3), chatServer(3), chat));
    expect(ids(result.current.rows)).toEqual([1, 2, 3]);
    expect(result.current.hasMore).toBe(false);
  });

  it('loads pages before the oldest shown until the start', async () => {
    const total = PAGE * 2 + 2;
    const fetchBefore = chatServer(total);
    const live = rows(total - PAGE + 1, total);
    const { result } = renderHook(() => useHistoryPages(live, fetchBefore, chat));
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.showMore());
    expect(fetchBefore).toHaveBeenLastCalledWith(total - PAGE + 1);
    expect(ids(result.current.rows)).toEqual(ids(rows(3, total)));
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.showMore());
    expect(fetchBefore).toHaveBeenLastCalledWith(3);
    expect(ids(result.current.rows)).toEqual(ids(rows(1, total)));
    expect(result.current.hasMore).toBe(false);
  });

  it('keeps what scrolls out of the live page once history is open, with no gap', async () => {
    const total = PAGE + 3;
    const fetchBefore = chatServer(total + 2);
    const { result, rerender } = renderHook(
      ({ live }) => useHistoryPages(live, fetchBefore, chat),
      { initialProps: { live: rows(4, total) } },
    );
    await act(() => result.current.showMore());
    rerender({ live: rows(6, total + 2) });
    await waitFor(() => expect(ids(result.current.rows)).toEqual(ids(rows(1, total + 2))));
  });

  it('shows the live version of a row it also keeps', async () => {
    const live = rows(2, PAGE + 1);
    const { result, rerender } = renderHook(
      ({ live }) => useHistoryPages(live, chatServer(PAGE + 1), chat),
      { initialProps: { live } },
    );
    await act(() => result.current.showMore());
    rerender({ live: live.map((r) => (r.id === 2 ? { ...r, text: 'read' } : r)) });
    await waitFor(() => expect(result.current.rows?.[1]).toEqual({ id: 2, text: 'read' }));
    expect(ids(result.current.rows)).toEqual(ids(rows(1, PAGE + 1)));
  });
});

describe('useHistoryPages, a list (newest first, older below)', () => {
  const list = { pageSize: PAGE, olderAt: 'end' as const };
  /** Offers with ids total..1, newest first; `before` = the last shown. */
  const listServer = (total: number) =>
    vi.fn(async (before: number) =>
      rows(Math.max(1, before - PAGE), Math.min(total, before - 1)).reverse(),
    );

  it('appends older pages below and moves a row that became live to the top', async () => {
    const fetchBefore = listServer(12);
    const { result, rerender } = renderHook(
      ({ live }) => useHistoryPages(live, fetchBefore, list),
      { initialProps: { live: rows(8, 12).reverse() } },
    );
    await act(() => result.current.showMore());
    expect(fetchBefore).toHaveBeenLastCalledWith(8);
    expect(ids(result.current.rows)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    // Offer 4 has new activity: it is live (first) again, and shown once.
    rerender({ live: [rows(4, 4)[0] as Row, ...rows(9, 12).reverse()] });
    await waitFor(() =>
      expect(ids(result.current.rows)).toEqual([4, 12, 11, 10, 9, 8, 7, 6, 5, 3]),
    );
    await act(() => result.current.showMore());
    expect(fetchBefore).toHaveBeenLastCalledWith(3);
    expect(ids(result.current.rows)).toEqual([4, 12, 11, 10, 9, 8, 7, 6, 5, 3, 2, 1]);
    expect(result.current.hasMore).toBe(false);
  });
});

describe('useHistoryPages, identity', () => {
  it('hands back the same rows array until something changes', () => {
    const live = rows(1, 3);
    const { result, rerender } = renderHook(() =>
      useHistoryPages(live, chatServer(3), { pageSize: PAGE, olderAt: 'start' }),
    );
    const first = result.current.rows;
    rerender();
    expect(result.current.rows).toBe(first);
  });
});
