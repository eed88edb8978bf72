import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { OfflineBanner } from './online-status';

function setNavigatorOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

afterEach(async () => {
  setNavigatorOnline(true);
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 200 })));
  await apiRequest('GET', '/api/reset').catch(() => undefined);
  vi.unstubAllGlobals();
});

describe('OfflineBanner', () => {
  it('says "You are offline" while the browser is offline, and goes when it is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      setNavigatorOnline(false);
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toMatch(/You are offline\./);
    act(() => {
      setNavigatorOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows when a request cannot reach the server though the browser claims to be online', async () => {
    render(<OfflineBanner />);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await act(() => apiRequest('GET', '/api/auth/user').catch(() => undefined));
    expect(screen.getByRole('status')).toBeTruthy();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 200 })));
    await act(() => apiRequest('GET', '/api/auth/user'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('counts an answer the service worker gave from its offline cache as offline', async () => {
    render(<OfflineBanner />);
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response('[]', { status: 200, headers: { 'x-served-from': 'offline-cache' } }),
        ),
    );
    await act(() => apiRequest('GET', '/api/categories'));
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
