import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type Member, registerMember, type TestApp } from '../../testing/app.js';

/**
 * What the swaps-*.test.ts files share: the app with an owner, an offerer and a stranger (set by
 * `setUpSwapsApp()`'s beforeAll, for the file that calls it), and requests as them.
 */

export type { Member };

export let t: TestApp;
export let owner: Member;
export let offerer: Member;
export let stranger: Member;

/** Starts the app and signs the three members up before the file's tests; closes it after. */
export function setUpSwapsApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_OFFERS_PER_HOUR: '500' });
    [owner, offerer, stranger] = [
      await registerMember(t.app),
      await registerMember(t.app),
      await registerMember(t.app),
    ];
  });
  afterAll(() => t.close());
}

export function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  who?: Member,
  payload?: object,
) {
  return t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

export async function listItem(who: Member = owner, title = 'Guitar') {
  const response = await call('POST', '/api/items', who, {
    title,
    description: 'Acoustic, six strings',
    condition: 'good',
    categoryId: 7,
  });
  return response.json() as { id: number };
}

export async function offer(itemId: number, from: Member = offerer, extra: object = {}) {
  const response = await call('POST', '/api/swap-requests', from, {
    itemId,
    message: 'Would you swap for my drum?',
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json() as { id: number; status: string; toUserId: string };
}

export const patch = (id: number, status: string, who?: Member) =>
  call('PATCH', `/api/swap-requests/${id}`, who, { status });
