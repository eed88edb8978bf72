import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { usePollingFallback } from '../../../lib/live-status';

/** SPEC §1: every route change is reported, to our own API (DESIGN §7). */
export function usePageViewReporting(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    apiRequest('POST', '/api/page-views', { path: pathname }).catch(() => {
      // Analytics must never get in a visitor's way.
    });
  }, [pathname]);
}

export const VISIT_COUNT_KEY = ['/api/unique-visitor-count'] as const;

/** SPEC §9: the header's counter refreshes every 30 s; a live stream pushes it instead. */
export function useVisitCount() {
  return useQuery({
    queryKey: VISIT_COUNT_KEY,
    queryFn: () => apiGet<{ totalPageViews: number }>('/api/unique-visitor-count'),
    refetchInterval: usePollingFallback(30_000),
  });
}
