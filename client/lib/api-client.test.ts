import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

function mockFetch(response: Response) {
  const spy = vi.fn().mockResolvedValue(response);
  vi.stubGlobal('fetch', spy);
  return spy;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends credentials and a JSON content type with a body', async () => {
    const spy = mockFetch(new Response('{"ok":true}', { status: 200 }));
    await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    expect(spy).toHaveBeenCalledWith('/api/x', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
  });

  it('sends no content type without a body', async () => {
    const spy = mockFetch(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/x');
    expect(spy.mock.calls[0]?.[1]).toMatchObject({
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it("raises the body's message", async () => {
    mockFetch(new Response('{"message":"Nope"}', { status: 403, statusText: 'Forbidden' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toEqual(new ApiError(403, 'Nope'));
  });

  it('falls back to the status text, then to a generic message', async () => {
    mockFetch(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('Bad Gateway');
    mockFetch(new Response('{}', { status: 500, statusText: '' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('An error occurred');
  });
});
