import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ListingMode } from '../../../../shared/item-display';
import type { Item, ItemFacets } from '../../../../shared/items';
import { ITEMS_PAGE_SIZE } from '../../../../shared/limits';
import type { CategoryResponse } from '../../../../shared/site.schemas';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { type BrowseSearch, browseParams } from '../../../lib/browse-params';
import { usePollingFallback } from '../../../lib/live-status';

/** A browse search (its URL's parameters are the API's), or a member's listings (`userId`). */
export type ItemFilters = BrowseSearch & { userId?: string };

/** GET /api/items for `filters`, one page of it (the default page size goes unsaid). */
export function itemsUrl(filters: ItemFilters, page: { limit: number; offset: number }): string {
  const params = browseParams(filters);
  if (filters.userId) params.set('userId', filters.userId);
  if (page.limit !== ITEMS_PAGE_SIZE) params.set('limit', String(page.limit));
  if (page.offset) params.set('offset', String(page.offset));
  const query = params.toString();
  return query ? `/api/items?${query}` : '/api/items';
}

export const ITEMS_KEY = ['/api/items'] as const;

/**
 * SPEC §8: a failed search shows an empty list. SPEC §9: the list refreshes every 60 s.
 * A local search's failure is the member's to fix (an unknown place), so it is kept as an error.
 */
export function useItemPages(filters: ItemFilters) {
  return useInfiniteQuery({
    queryKey: [...ITEMS_KEY, 'pages', filters],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      try {
        return await apiGet<Item[]>(
          itemsUrl(filters, { limit: ITEMS_PAGE_SIZE, offset: pageParam }),
        );
      } catch (error) {
        if (filters.near) throw error;
        return [];
      }
    },
    getNextPageParam: (lastPage, pages) =>
      lastPage.length === ITEMS_PAGE_SIZE ? pages.length * ITEMS_PAGE_SIZE : undefined,
    refetchInterval: usePollingFallback(60_000),
    placeholderData: keepPreviousData,
  });
}

export function useItemList(
  filters: ItemFilters,
  limit: number,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...ITEMS_KEY, 'list', filters, limit],
    queryFn: () => apiGet<Item[]>(itemsUrl(filters, { limit, offset: 0 })),
    refetchInterval: usePollingFallback(60_000),
    enabled: options.enabled ?? true,
  });
}

export const itemKey = (id: number | string) => [...ITEMS_KEY, String(id)] as const;

export function useItem(id: string | undefined) {
  return useQuery({
    queryKey: itemKey(id ?? ''),
    queryFn: () => apiGet<Item>(`/api/items/${id}`),
    enabled: !!id,
  });
}

/**
 * How many listings a search finds per category (GET /api/items/facets), for the counts beside
 * the category chips; only while searching (counting all of browse is work nobody reads). A
 * failure shows no counts.
 */
export function useItemFacets(filters: ItemFilters) {
  const url = itemsUrl(filters, { limit: ITEMS_PAGE_SIZE, offset: 0 }).replace(
    '/api/items',
    '/api/items/facets',
  );
  return useQuery({
    queryKey: [...ITEMS_KEY, 'facets', filters],
    queryFn: () => apiGet<ItemFacets>(url),
    enabled: Boolean(filters.search),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: ['/api/categories'],
    queryFn: () => apiGet<CategoryResponse[]>('/api/categories'),
    staleTime: 10 * 60_000,
  });
}

type ListingFields = {
  title: string;
  description: string;
  condition: string;
  wantedItems: string;
  isOpenToOffers: boolean;
  location: string;
  estimatedValue: string;
  images: string[];
  /** Not in SPEC §7's bodies: a swap (the default) or a give-away, with its fair chance. */
  mode: ListingMode;
  fairChanceHours: number | null;
};

/** SPEC §7 POST /api/items body. */
export type CreateItemPayload = ListingFields & { categoryId: number | null };

/** SPEC §7 PUT /api/items/:id body. */
export type UpdateItemPayload = ListingFields & { categoryId: string };

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateItemPayload) => apiRequest<Item>('POST', '/api/items', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ITEMS_KEY }),
  });
}

export function useUpdateItem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateItemPayload) =>
      apiRequest<Item>('PUT', `/api/items/${id}`, payload),
    onSuccess: (item) => {
      queryClient.setQueryData(itemKey(id), item);
      return queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
    },
  });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/items/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ITEMS_KEY }),
  });
}
