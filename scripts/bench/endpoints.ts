/**
 * What the API table measures (run-api.ts), and signing in as a member: shared by the parts of the
 * bench that load the app (the federation part measures the hot reads again with remote listings).
 */
import type { Endpoint } from './load.js';
import { SEED_SIZES } from './seed.js';

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

export function endpoints(conversationId: number): Endpoint[] {
  const items = (query: string) => `/api/items?${query}&limit=24`;
  const itemIds = Array.from({ length: 500 }, (_, i) => 1 + ((i * 7919) % SEED_SIZES.items));
  return [
    {
      key: 'browse',
      label: 'Browse, page 1',
      kind: 'browse',
      paths: [items('offset=0')],
      floor: true,
    },
    {
      key: 'deep',
      label: 'Browse, page 200',
      kind: 'browse',
      paths: [items('offset=4776')],
      floor: true,
    },
    {
      key: 'category',
      label: 'Category filter (10 categories in turn)',
      kind: 'browse',
      paths: Array.from({ length: 10 }, (_, i) => items(`categoryId=${i + 2}`)),
      floor: true,
    },
    {
      key: 'search-common',
      label: 'Search, common terms',
      kind: 'search',
      paths: ['vintage', 'guitar', 'camera', 'collection only'].map((t) =>
        items(`search=${encodeURIComponent(t)}`),
      ),
      floor: true,
    },
    {
      key: 'search-rare',
      label: 'Search, rare terms',
      kind: 'search',
      paths: ['theodolite', 'surveyor'].map((t) => items(`search=${t}`)),
      floor: true,
    },
    {
      key: 'search-prefix',
      label: 'Search, prefixes',
      kind: 'search',
      paths: ['tele', 'bic', 'sew', 'ukul'].map((t) => items(`search=${t}`)),
      floor: true,
    },
    {
      key: 'search-typo',
      label: 'Search, typos (corrected)',
      kind: 'search',
      paths: ['telescpoe', 'guitr', 'bycicle'].map((t) => items(`search=${t}`)),
      floor: false,
    },
    {
      key: 'facets',
      label: 'Facets of a search (GET /api/items/facets)',
      kind: 'search',
      paths: ['vintage', 'guitar', 'tele', 'bycicle'].map(
        (t) => `/api/items/facets?search=${encodeURIComponent(t)}`,
      ),
      floor: false,
    },
    {
      key: 'detail',
      label: 'Item detail (500 items in turn)',
      kind: 'detail',
      paths: itemIds.map((id) => `/api/items/${id}`),
      floor: true,
    },
    {
      key: 'swap-requests',
      label: "Member's offers (GET /api/swap-requests)",
      kind: 'member',
      paths: ['/api/swap-requests'],
      signedIn: true,
      floor: true,
    },
    {
      key: 'messages',
      label: 'Chat messages (GET …/messages)',
      kind: 'member',
      paths: [`/api/swap-requests/${conversationId}/messages`],
      signedIn: true,
      floor: true,
    },
    {
      key: 'post-message',
      label: 'Post a chat message',
      kind: 'write',
      paths: [`/api/swap-requests/${conversationId}/messages`],
      signedIn: true,
      post: () => JSON.stringify({ content: 'Does Saturday still work for you?' }),
      floor: false,
    },
  ];
}
