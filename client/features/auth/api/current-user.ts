import { useQuery } from '@tanstack/react-query';
import type { ClientUser } from '../../../../shared/auth.schemas';
import { apiGet } from '../../../lib/api-client';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** Any failure or non-OK answer means signed out (SPEC §4); logged, never retried. */
async function fetchCurrentUser(): Promise<ClientUser | null> {
  try {
    return await apiGet<ClientUser>(CURRENT_USER_KEY[0]);
  } catch (error) {
    if (!(error instanceof Error && 'status' in error && error.status === 401)) {
      console.warn('Could not load the signed-in user', error);
    }
    return null;
  }
}

export function useCurrentUser() {
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isSignedIn: user !== null };
}
