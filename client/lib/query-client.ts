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

/** SPEC §9: fresh for a minute, no retries, no refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 60_000,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
