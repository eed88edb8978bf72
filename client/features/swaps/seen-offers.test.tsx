import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isUnseen, useSeenOffers } from './seen-offers';

afterEach(() => localStorage.clear());

describe('useSeenOffers', () => {
  it('is stable while signed out (no update loop)', () => {
    const { result, rerender } = renderHook(() => useSeenOffers(undefined));
    const first = result.current.seen;
    rerender();
    expect(result.current.seen).toBe(first);
    expect(first).toEqual({});
  });

  it('remembers what was seen per member, until the request changes', () => {
    const { result } = renderHook(() => useSeenOffers('member-1'));
    const request = { id: 7, updatedAt: '2026-01-01T10:00:00.000Z' };
    expect(isUnseen(result.current.seen, request)).toBe(true);
    act(() => result.current.markSeen([request]));
    expect(isUnseen(result.current.seen, request)).toBe(false);
    expect(
      isUnseen(result.current.seen, { ...request, updatedAt: '2026-01-02T10:00:00.000Z' }),
    ).toBe(true);
    const other = renderHook(() => useSeenOffers('member-2'));
    expect(isUnseen(other.result.current.seen, request)).toBe(true);
  });

  it.each(['{not json', '[1,2]', '{"7":3}', 'null'])(
    'ignores a corrupted stored value: %s',
    (raw) => {
      localStorage.setItem('swapmarket.seen-offers.member-3', raw);
      const { result } = renderHook(() => useSeenOffers('member-3'));
      expect(result.current.seen).toEqual({});
    },
  );
});
