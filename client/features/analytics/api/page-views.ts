import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** SPEC §1: every route change is reported, to our own API (DESIGN §7). */
export function usePageViewReporting(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    apiRequest('POST', '/api/page-views', { path: pathname }).catch(() => {
      // Analytics must never get in a visitor's way.
    });
  }, [pathname]);
}

/** SPEC §9: the header's counter refreshes every 30 s. */
export function useVisitCount() {
  return useQuery({
    queryKey: ['/api/unique-visitor-count'],
    queryFn: () => apiGet<{ totalPageViews: number }>('/api/unique-visitor-count'),
    refetchInterval: 30_000,
  });
}
