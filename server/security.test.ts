import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from './db/schema/rate-limits.js';
import { helmetHeaders } from './plugins/security.js';
import { createTestApp, memberInput, registerMember, type TestApp } from './testing/app.js';
import { jpegDataUrl } from './testing/images.js';

describe('over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://swap.example' });
  });
  afterAll(() => t.close());

  it('marks the session cookie Secure and sends HSTS', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: memberInput(),
    });
    expect(response.cookies.find((c) => c.name === 'sm_sid')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('accepts the public origin for mutations', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://swap.example' },
      payload: memberInput(),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('helmet headers worked out once', () => {
  it("records exactly the headers helmet's middleware sets", () => {
    const options = {
      contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self'"] } },
      hsts: true,
      referrerPolicy: { policy: 'same-origin' as const },
    };
    const set: Record<string, string> = {};
    helmet(options)(
      {} as never,
      {
        setHeader: (n: string, v: string) => (set[n.toLowerCase()] = v),
        removeHeader() {},
      } as never,
      () => {},
    );
    expect(Object.fromEntries(helmetHeaders(options))).toEqual(set);
    expect(set['content-security-policy']).toBe("default-src 'self'");
    expect(Object.keys(set).length).toBeGreaterThanOrEqual(11);
  });

  it('sends them on every answer, over https with HSTS', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://swap.example' });
    try {
      for (const url of ['/api/categories', '/api/items?limit=1', '/no-such-api-path']) {
        const response = await t.app.inject({ method: 'GET', url });
        for (const name of [
          'content-security-policy',
          'cross-origin-opener-policy',
          'cross-origin-resource-policy',
          'origin-agent-cluster',
          'referrer-policy',
          'strict-transport-security',
          'x-content-type-options',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-frame-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
        ])
          expect(response.headers[name], `${name} on ${url}`).toBeDefined();
        expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
        expect(response.headers['referrer-policy']).toBe('same-origin');
      }
    } finally {
      await t.close();
    }
  });
});

describe('headers and uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_UPLOADS_PER_HOUR: '2' });
  });
  afterAll(() => t.close());

  it('sends no HSTS over plain http, and a same-origin referrer policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('serves pictures so that a browser will never run them, and limits uploads per member', async () => {
    const member = await registerMember(t.app);
    const photo = await jpegDataUrl(50, 50);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/items',
        headers: { cookie: member.cookie },
        payload: { title: 'Mug', description: 'Blue', condition: 'good', images: [photo] },
      });
    const first = await create();
    const image = await t.app.inject({ method: 'GET', url: first.json().images[0] });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");

    expect((await create()).statusCode).toBe(201);
    const third = await create();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    // Listing without pictures is not an upload.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: member.cookie },
      payload: { title: 'Mug', description: 'Blue', condition: 'good' },
    });
    expect(plain.statusCode).toBe(201);
    await t.db.delete(rateLimits);
    expect((await create()).statusCode).toBe(201);
  });
});
