import {
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { CHAT_PAGE_SIZE } from '../../../../shared/limits';
import { OFFERS_PAGE_SIZE } from '../../../../shared/swap-display';
import type { OfferCounts, SwapMessage, SwapRequest, SwapStatus } from '../../../../shared/swaps';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { usePollingFallback } from '../../../lib/live-status';
import { itemKey } from '../../items/api/items';

export const SWAP_REQUESTS_KEY = ['/api/swap-requests'] as const;

/** What every new offer carries besides the listings it names. */
type OfferWords = {
  toUserId: string;
  message: string;
  offerDescription: string | null;
  offerImages: string[];
  status: 'pending';
};

/**
 * POST /api/swap-requests: SPEC §7's shape for one listing asked for (and at most one offered),
 * issue 38's lists for a bundle. The server reads both.
 */
export type NewSwapRequest = OfferWords &
  (
    | { itemId: number; offeredItemId: number | null }
    | { itemIds: number[]; offeredItemIds: number[] }
  );

/** The body of a new offer asking for `asked` (1–5) and putting up `offered` (0–5), in order. */
export function newSwapRequest(
  asked: readonly number[],
  offered: readonly number[],
  words: OfferWords,
): NewSwapRequest {
  const [itemId] = asked;
  if (asked.length === 1 && itemId !== undefined && offered.length <= 1)
    return { itemId, ...words, offeredItemId: offered[0] ?? null };
  return { itemIds: [...asked], offeredItemIds: [...offered], ...words };
}

/** Issue 38 §2: a request for a give-away names it alone, with a message and nothing offered. */
export type GiveawayRequest = { itemId: number; message: string };

export function useCreateSwapRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: NewSwapRequest | GiveawayRequest) =>
      apiRequest<{ id: number }>('POST', '/api/swap-requests', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SWAP_REQUESTS_KEY }),
  });
}

/** The offers before the offer `before` (latest activity first), a page of the default size. */
export function fetchOlderSwapRequests(before: number) {
  return apiGet<SwapRequest[]>(`/api/swap-requests?limit=${OFFERS_PAGE_SIZE}&before=${before}`);
}

/**
 * Whether a fetch of `key` follows its invalidation (a live event, the member's own change):
 * then it asks for a fresh page, as the app server it reaches may not have heard of the change
 * yet (offers pages are kept per server: decision 008). A first load, a refocus or a poll may be
 * answered from what the server keeps.
 */
const followsChange = (queryClient: QueryClient, key: QueryKey) =>
  queryClient.getQueryState(key)?.isInvalidated === true;

/** SPEC §9: polled every 5 s while the live stream is down, never cached; only while signed in. */
export function useSwapRequests(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: SWAP_REQUESTS_KEY,
    queryFn: () =>
      apiGet<SwapRequest[]>('/api/swap-requests', {
        fresh: followsChange(queryClient, SWAP_REQUESTS_KEY),
      }),
    enabled,
    refetchInterval: usePollingFallback(5000),
    staleTime: 0,
  });
}

export const OFFER_COUNTS_KEY = [...SWAP_REQUESTS_KEY, 'counts'] as const;
const OFFERS_WITH_KEY = [...SWAP_REQUESTS_KEY, 'with'] as const;

/** My Offers' tab counts: every offer received and made, not only the pages loaded. */
export function useOfferCounts(enabled: boolean) {
  return useQuery({
    queryKey: OFFER_COUNTS_KEY,
    queryFn: () => apiGet<OfferCounts>('/api/swap-requests/counts'),
    enabled,
    staleTime: 0,
  });
}

/** The latest offer between the signed-in member and `memberId`, however far back, or null. */
export function useLatestOfferWith(memberId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const queryKey = [...OFFERS_WITH_KEY, memberId];
  return useQuery({
    queryKey,
    queryFn: async () => {
      const [latest] = await apiGet<SwapRequest[]>(
        `/api/swap-requests?limit=1&with=${encodeURIComponent(memberId)}`,
        { fresh: followsChange(queryClient, queryKey) },
      );
      return latest ?? null;
    },
    enabled,
  });
}

/** A new or changed offer: the live page, the counts and the per-member lookups refetch. */
export function invalidateOfferLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: SWAP_REQUESTS_KEY, exact: true });
  void queryClient.invalidateQueries({ queryKey: OFFER_COUNTS_KEY });
  void queryClient.invalidateQueries({ queryKey: OFFERS_WITH_KEY });
}

/**
 * Issue 38 §2: the owner of a give-away draws one of its pending requests at random once its
 * fair chance is over (POST /api/items/:id/draw); the answer is the request accepted. The
 * offers and the listing (now reserved) are read again.
 */
export function useDrawGiveaway(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SwapRequest>('POST', `/api/items/${itemId}/draw`),
    onSuccess: () => {
      invalidateOfferLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: itemKey(itemId) });
    },
  });
}

/** A move of an offer; `reason` goes with `cancelled` (issue 38: required, ≤ 500 characters). */
export type SwapMove = { id: number; status: SwapStatus; reason?: string };

export function useUpdateSwapStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: SwapMove) =>
      apiRequest<SwapRequest>(
        'PATCH',
        `/api/swap-requests/${id}`,
        reason === undefined ? { status } : { status, reason },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SWAP_REQUESTS_KEY }),
  });
}

export const messagesKey = (id: number) => ['/api/swap-requests', String(id), 'messages'] as const;

/** A page of an offer's chat: the latest, or those before the message `before`. */
export function fetchMessages(
  swapRequestId: number,
  before?: number,
  options: { fresh?: boolean } = {},
) {
  const page = `limit=${CHAT_PAGE_SIZE}${before ? `&before=${before}` : ''}`;
  return apiGet<SwapMessage[]>(`/api/swap-requests/${swapRequestId}/messages?${page}`, options);
}

/**
 * SPEC §9: the open chat is polled every 2 s while the live stream is down. Chat pages are kept
 * per server like pages of offers: a refetch after a new message or a read mark asks afresh.
 */
export function useMessages(swapRequestId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const queryKey = messagesKey(swapRequestId);
  return useQuery({
    queryKey,
    queryFn: () =>
      fetchMessages(swapRequestId, undefined, { fresh: followsChange(queryClient, queryKey) }),
    enabled,
    refetchInterval: usePollingFallback(2000),
    staleTime: 0,
  });
}

/** Marks the other party's messages read once the chat has shown them (reading alone never does). */
export function useMarkMessagesRead(swapRequestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ read: number }>('POST', `/api/swap-requests/${swapRequestId}/messages/read`),
    onSuccess: ({ read }) => {
      if (read === 0) return;
      void queryClient.invalidateQueries({ queryKey: messagesKey(swapRequestId) });
      void queryClient.invalidateQueries({ queryKey: SWAP_REQUESTS_KEY, exact: true });
    },
  });
}

export function useSendMessage(swapRequestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<SwapMessage>('POST', `/api/swap-requests/${swapRequestId}/messages`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey(swapRequestId) }),
  });
}

/** What a rating is about: a completed offer, or a completed swap circle. */
export type RatingSubject = { swapRequestId: number } | { circleId: number };

/** Rates a member; `shownIn`, the list that shows "rated" (offers, or circles), refetches. */
export function useCreateFeedback(shownIn: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingSubject & { toUserId: string; rating: number; comment: string }) =>
      apiRequest('POST', '/api/feedback', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shownIn }),
  });
}

/**
 * Issue 18 §5, issue 38: the receiver answers a pending offer with a counter-offer asking for
 * `itemIds` (the sender's) and putting up `offeredItemIds` (their own).
 */
export function useCounterOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: number;
      itemIds: number[];
      offeredItemIds: number[];
      message: string;
    }) => apiRequest<SwapRequest>('POST', `/api/swap-requests/${id}/counter`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SWAP_REQUESTS_KEY }),
  });
}
