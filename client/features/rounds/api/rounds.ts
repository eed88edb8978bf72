import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EntryWants,
  ImportResult,
  MyTrades,
  MyWants,
  Round,
  RoundEntry,
  RoundLoops,
  RoundTrade,
  UpdateRound,
  WantElement,
} from '../../../../shared/rounds';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { usePollingFallback } from '../../../lib/live-status';

import { ROUNDS_KEY, roundKey } from './round-keys';

export { ROUNDS_KEY, roundKey };

export type CreateRoundInput = {
  title: string;
  description: string;
  entriesCloseAt: string;
  wantsCloseAt: string;
  shippingDeadline: string;
  maxLoopLength: number | null;
  joinPolicy: 'anyone' | 'verified';
};

export function useRounds() {
  return useQuery({
    queryKey: ROUNDS_KEY,
    queryFn: () => apiGet<Round[]>('/api/rounds'),
    refetchInterval: usePollingFallback(60_000),
  });
}

/**
 * How long until the round's next deadline passes (a phase ends with no write to announce it),
 * plus a second's grace; undefined when none is ahead or it is more than an hour away.
 */
export function untilNextDeadline(round: Round | undefined, now = Date.now()): number | undefined {
  if (!round) return undefined;
  const ahead = [round.entriesCloseAt, round.wantsCloseAt]
    .map((at) => Date.parse(at) - now)
    .filter((ms) => ms > 0 && ms <= 3_600_000);
  return ahead.length > 0 ? Math.min(...ahead) + 1000 : undefined;
}

/** Changes arrive as `round` events; a deadline passing is refetched when it comes. */
export function useRound(id: number, enabled: boolean) {
  const fallback = usePollingFallback(30_000);
  return useQuery({
    queryKey: roundKey(id),
    queryFn: () => apiGet<Round>(`/api/rounds/${id}`),
    enabled,
    refetchInterval: (query) => {
      const deadline = untilNextDeadline(query.state.data);
      if (fallback === false) return deadline ?? false;
      return Math.min(fallback, deadline ?? fallback);
    },
  });
}

export function useRoundEntries(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...roundKey(id), 'entries'],
    queryFn: () => apiGet<RoundEntry[]>(`/api/rounds/${id}/entries`),
    enabled,
  });
}

export function useMyWants(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...roundKey(id), 'wants'],
    queryFn: () => apiGet<MyWants>(`/api/rounds/${id}/wants`),
    enabled,
  });
}

export function useMyTrades(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...roundKey(id), 'trades'],
    queryFn: () => apiGet<MyTrades>(`/api/rounds/${id}/trades`),
    enabled,
  });
}

export function useRoundLoops(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...roundKey(id), 'loops'],
    queryFn: () => apiGet<RoundLoops>(`/api/rounds/${id}/loops`),
    enabled,
  });
}

/** After any change to a round, everything shown about it is refetched. */
function useRoundMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ROUNDS_KEY }),
  });
}

export function useCreateRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRoundInput) => apiRequest<Round>('POST', '/api/rounds', input),
    onSuccess: (round) => {
      queryClient.setQueryData(roundKey(round.id), round);
      return queryClient.invalidateQueries({ queryKey: ROUNDS_KEY, exact: true });
    },
  });
}

export const useUpdateRound = (id: number) =>
  useRoundMutation((body: UpdateRound) => apiRequest<Round>('PATCH', `/api/rounds/${id}`, body));

export const useSolveRound = (id: number) =>
  useRoundMutation(() => apiRequest<Round>('POST', `/api/rounds/${id}/solve`));

export const useAddEntry = (id: number) =>
  useRoundMutation((itemId: number) =>
    apiRequest<RoundEntry>('POST', `/api/rounds/${id}/entries`, { itemId }),
  );

export const useRemoveEntry = (id: number) =>
  useRoundMutation((entryId: number) =>
    apiRequest<{ message: string }>('DELETE', `/api/rounds/${id}/entries/${entryId}`),
  );

export const useSaveWants = (id: number) =>
  useRoundMutation(({ entryId, wants }: { entryId: number; wants: WantElement[] }) =>
    apiRequest<EntryWants>('PUT', `/api/rounds/${id}/entries/${entryId}/wants`, { wants }),
  );

export const useMarkTrade = (id: number) =>
  useRoundMutation(({ entryId, mark }: { entryId: number; mark: 'sent' | 'received' }) =>
    apiRequest<RoundTrade>('PATCH', `/api/rounds/${id}/trades/${entryId}`, { [mark]: true }),
  );

export const useImportWants = (id: number) =>
  useRoundMutation((text: string) =>
    apiRequest<ImportResult>('POST', `/api/rounds/${id}/want-list`, { text }),
  );
