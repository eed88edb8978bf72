import { reportRequestOutcome } from './connectivity';

/** An API failure whose message follows SPEC §8: the body's `message`, else the status text. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** `fields`: what the body says beside its message (e.g. `photo`, the refused photo's index). */
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const FALLBACK_ERROR_MESSAGE = 'An error occurred';

async function apiError(response: Response): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (
      body &&
      typeof body === 'object' &&
      'message' in body &&
      typeof body.message === 'string' &&
      body.message
    ) {
      const { message, ...fields } = body as Record<string, unknown> & { message: string };
      return new ApiError(response.status, message, fields);
    }
  } catch {
    // not JSON: fall through to the status text
  }
  return new ApiError(response.status, response.statusText || FALLBACK_ERROR_MESSAGE);
}

/** Every call carries the session cookie; a body is always JSON. */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    // The server was not reached at all (offline, or the connection dropped).
    reportRequestOutcome(false);
    throw error;
  }
  // The service worker answers a few public requests from its cache when offline, and says so.
  reportRequestOutcome(response.headers.get('x-served-from') !== 'offline-cache');
  if (!response.ok) throw await apiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * `fresh`: the read follows a change, so the server must not answer from a page it keeps
 * (`Cache-Control: no-cache`; an app server may not have heard of the change yet).
 */
export function apiGet<T>(url: string, options: { fresh?: boolean } = {}): Promise<T> {
  return apiRequest<T>('GET', url, undefined, options.fresh ? { 'Cache-Control': 'no-cache' } : {});
}
