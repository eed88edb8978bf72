import type { RouteOptions } from 'fastify';

/** Whether a route may change anything: any method but GET and HEAD. */
export function isWriteRoute(route: RouteOptions): boolean {
  return ![route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
}
