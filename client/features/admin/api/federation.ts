import { useQuery } from '@tanstack/react-query';
// Types only: shared/federation.ts holds zod schemas, which the dashboard does not download.
import type { Instance, UpdateInstance } from '../../../../shared/federation';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { ADMIN } from './admin';

const INSTANCES_URL = '/api/admin/federation/instances';

export type { Instance };

/** The other instances this one knows (issue 37): followed, following, blocked. */
export function useInstances(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN, 'federation', 'instances'],
    queryFn: () => apiGet<Instance[]>(INSTANCES_URL),
    enabled,
  });
}

/** Admin moves on other instances; run them through useAdminAction or useModeration. */
export const federationApi = {
  follow: (url: string) => apiRequest<Instance>('POST', INSTANCES_URL, { url }),
  update: ({ id, ...change }: UpdateInstance & { id: number }) =>
    apiRequest<Instance>('PATCH', `${INSTANCES_URL}/${id}`, change),
  unfollow: (id: number) => apiRequest('DELETE', `${INSTANCES_URL}/${id}`),
};
