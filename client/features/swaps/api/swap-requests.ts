import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const SWAP_REQUESTS_KEY = ['/api/swap-requests'] as const;

export type NewSwapRequest = {
  itemId: number;
  toUserId: string;
  message: string;
  offerDescription: string | null;
  offerImages: string[];
  status: 'pending';
};

export function useCreateSwapRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: NewSwapRequest) =>
      apiRequest<{ id: number }>('POST', '/api/swap-requests', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SWAP_REQUESTS_KEY }),
  });
}
