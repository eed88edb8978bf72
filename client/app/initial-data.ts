import type { QueryClient } from '@tanstack/react-query';
import type { Item } from '../../shared/items';
import { itemKey } from '../features/items/api/items';

/**
 * The data the server inlined in the page's HTML (server/plugins/client-app.ts): on an item page,
 * the listing exactly as GET /api/items/:id sends it. It goes into the query cache before the
 * first render, so the page draws the listing (and its photo, preloaded by the HTML) without
 * waiting for a request. Read once: the element is removed, later navigations fetch as usual.
 */
export function seedInitialData(queryClient: QueryClient, doc: Document = document): QueryClient {
  const element = doc.getElementById('initial-item');
  if (!element) return queryClient;
  element.remove();
  const id = element.getAttribute('data-id');
  // Only for the page it was written for (the path can differ after a redirect in between).
  if (!id || doc.location?.pathname !== `/item/${id}`) return queryClient;
  try {
    const item = JSON.parse(element.textContent ?? '') as Item;
    if (String(item.id) === id) queryClient.setQueryData(itemKey(id), item);
  } catch {
    // Unreadable: the page fetches the listing as it would without it.
  }
  return queryClient;
}
