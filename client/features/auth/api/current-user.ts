import { useQuery } from '@tanstack/react-query';
import type { ClientUser } from '../../../../shared/auth.schemas';
import { apiGet } from '../../../lib/api-client';
import { useAsDrawnWhileHydrating } from '../../../lib/hydration';

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

/**
 * The signed-in member. While React takes over server-drawn HTML, 'still loading', as the server
 * drew it, whatever the query already knows (client/lib/hydration.ts).
 */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const isLoading = useAsDrawnWhileHydrating(query.isPending, true);
  const user = isLoading ? null : (query.data ?? null);
  return { user, isLoading, isSignedIn: user !== null };
}
