import { useQuery } from '@tanstack/react-query';
import type { BlockedImage } from '../../../../shared/blocked-images';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { ADMIN } from './admin';

/** Photos admins blocked (issue 40 §3), newest first. */
export function useBlockedImages(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN, 'blocked-images'],
    queryFn: () => apiGet<BlockedImage[]>('/api/admin/blocked-images'),
    enabled,
  });
}

export type { BlockedImage };

export const blockedImagesApi = {
  block: (imageUrl: string) =>
    apiRequest<BlockedImage>('POST', '/api/admin/blocked-images', { imageUrl }),
  unblock: (id: number) => apiRequest('DELETE', `/api/admin/blocked-images/${id}`),
};
