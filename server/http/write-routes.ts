import type { RouteOptions } from 'fastify';

/**
 * Whether a route may change what this server keeps in memory (pages and listings, sessions),
 * so it forgets them before answering: any method but GET and HEAD, unless the route is marked
 * `keepsListings` (a page view, a sign-in: one per visitor's click, they would empty the caches
 * all day for nothing).
 */
export function mayChangeKeptState(route: RouteOptions): boolean {
  if (route.config?.keepsListings) return false;
  return ![route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
}
