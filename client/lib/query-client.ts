import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiGet } from './api-client';

/** The default query: GET the URL the key spells; optionally null instead of a 401 error. */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiGet<T>(queryKey.join('/'));
    } catch (error) {
      if (options.on401 === 'returnNull' && error instanceof ApiError && error.status === 401)
        return null;
      throw error;
    }
  };
}

/**
 * SPEC §9: fresh for a minute, no retries, no refetch on window focus. Queries run even offline
 * (networkMode 'always'): they fail at once instead of waiting paused, so an offline page shows
 * what it has and the offline banner rather than a spinner.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
