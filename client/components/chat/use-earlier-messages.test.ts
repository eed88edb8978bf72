import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHAT_PAGE_SIZE } from '../../../shared/chat';
import { useEarlierMessages } from './use-earlier-messages';

type Message = { id: number; text: string };
const messages = (from: number, to: number): Message[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, text: `m${from + i}` }));
const ids = (list: readonly Message[] | undefined) => list?.map((m) => m.id);

/** A chat of `total` messages (ids 1..total), served a page at a time as the server does. */
const server = (total: number) =>
  vi.fn(async (before: number) =>
    messages(Math.max(1, before - CHAT_PAGE_SIZE), Math.min(total, before - 1)),
  );

describe('useEarlierMessages', () => {
  it('offers nothing earlier when the live page holds the whole chat', () => {
    const fetchBefore = server(3);
    const { result } = renderHook(() => useEarlierMessages(messages(1, 3), fetchBefore));
    expect(ids(result.current.messages)).toEqual([1, 2, 3]);
    expect(result.current.hasEarlier).toBe(false);
  });

  it('loads pages before the oldest shown until the start of the chat', async () => {
    const total = CHAT_PAGE_SIZE * 2 + 5;
    const fetchBefore = server(total);
    const latest = messages(total - CHAT_PAGE_SIZE + 1, total);
    const { result } = renderHook(() => useEarlierMessages(latest, fetchBefore));
    expect(result.current.hasEarlier).toBe(true);

    await act(() => result.current.showEarlier());
    expect(fetchBefore).toHaveBeenLastCalledWith(total - CHAT_PAGE_SIZE + 1);
    expect(ids(result.current.messages)).toEqual(ids(messages(6, total)));
    expect(result.current.hasEarlier).toBe(true);

    await act(() => result.current.showEarlier());
    expect(fetchBefore).toHaveBeenLastCalledWith(6);
    expect(ids(result.current.messages)).toEqual(ids(messages(1, total)));
    expect(result.current.hasEarlier).toBe(false);
  });

  it('keeps what scrolls out of the live page once history is open, with no gap', async () => {
    const total = CHAT_PAGE_SIZE + 10;
    const fetchBefore = server(total + 2);
    const { result, rerender } = renderHook(
      ({ latest }) => useEarlierMessages(latest, fetchBefore),
      {
        initialProps: { latest: messages(11, total) },
      },
    );
    await act(() => result.current.showEarlier());
    // Two new messages arrive: the live page now starts two later.
    rerender({ latest: messages(13, total + 2) });
    await waitFor(() => expect(ids(result.current.messages)).toEqual(ids(messages(1, total + 2))));
  });

  it('shows the live version of a message it also keeps (read marks change)', async () => {
    const fetchBefore = server(CHAT_PAGE_SIZE + 1);
    const live = messages(2, CHAT_PAGE_SIZE + 1);
    const { result, rerender } = renderHook(
      ({ latest }) => useEarlierMessages(latest, fetchBefore),
      {
        initialProps: { latest: live },
      },
    );
    await act(() => result.current.showEarlier());
    rerender({ latest: live.map((m) => (m.id === 2 ? { ...m, text: 'read' } : m)) });
    await waitFor(() => expect(result.current.messages?.[1]).toEqual({ id: 2, text: 'read' }));
    expect(ids(result.current.messages)).toEqual(ids(messages(1, CHAT_PAGE_SIZE + 1)));
  });
});
