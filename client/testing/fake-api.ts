import { vi } from 'vitest';

type Answer = { status?: number; body?: unknown };
type Handler = (request: { body: unknown; url: URL }) => Answer | unknown;

/**
 * Stubs fetch with answers per "METHOD /path" (the query string is ignored; a handler gets the
 * URL). A handler may return `{ status: number, body }` or just the body (200). Unknown routes are 404.
 * Returns the calls made, as "METHOD /path?query" with their JSON bodies.
 */
export function fakeApi(routes: Record<string, Handler | unknown>) {
  const calls: Array<{ route: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ route: `${method} ${url.pathname}${url.search}`, body });
      const route = routes[`${method} ${url.pathname}`];
      if (route === undefined) {
        return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
      }
      const answer = typeof route === 'function' ? (route as Handler)({ body, url }) : route;
      const full =
        answer &&
        typeof answer === 'object' &&
        'status' in answer &&
        typeof answer.status === 'number' &&
        'body' in answer
          ? (answer as Answer)
          : { status: 200, body: answer };
      return new Response(full.body === undefined ? null : JSON.stringify(full.body), {
        status: full.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const member = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  nickname: 'ada',
  profileImageUrl: null,
  bio: null,
  location: null,
  isMember: true,
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
