import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, registerMember, type TestApp } from '../../testing/app.js';

describe('browse and search pages cached on two app servers', () => {
  let t: TestApp;
  let peer: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ SEARCH_CACHE_MS: '1000' });
    peer = await createPeerApp(t);
    cookie = (await registerMember(t.app)).cookie;
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const titles = async (app: FastifyInstance, url: string) =>
    (await app.inject({ method: 'GET', url })).json().map((i: { title: string }) => i.title);
  const list = (title: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie },
      payload: { title, description: 'Cached?', condition: 'good', isOpenToOffers: true },
    });

  it('shows a listing made on this server at once, and on the other within 1 s', async () => {
    expect(await titles(t.app, '/api/items?search=zither')).toEqual([]);
    expect(await titles(peer, '/api/items?search=zither')).toEqual([]);
    const made = await list('Concert zither');
    expect(made.statusCode).toBe(201);
    expect(await titles(t.app, '/api/items?search=zither')).toEqual(['Concert zither']);
    const deadline = Date.now() + 1000;
    let seen: string[] = [];
    while (Date.now() <= deadline + 50) {
      seen = await titles(peer, '/api/items?search=zither');
      if (seen.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toEqual(['Concert zither']);
  });

  it('drops a deleted listing from every server within 1 s', async () => {
    const id = (await list('Hurdy-gurdy')).json().id;
    await titles(peer, '/api/items?search=gurdy');
    expect(await titles(peer, '/api/items?search=gurdy')).toEqual(['Hurdy-gurdy']);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/items/${id}`,
      headers: { cookie },
    });
    expect(removed.statusCode).toBe(200);
    const started = Date.now();
    expect(await titles(t.app, '/api/items?search=gurdy')).toEqual([]);
    while ((await titles(peer, '/api/items?search=gurdy')).length) {
      expect(Date.now() - started).toBeLessThan(1100);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
