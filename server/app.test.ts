import { count, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../shared/categories.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/client.js';
import { rateLimits } from './db/schema/rate-limits.js';
import { users } from './db/schema/users.js';
import { createTestApp, memberInput, registerMember, type TestApp } from './testing/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3',
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '8',
    RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: '60',
  });
});

afterAll(() => t.close());

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;

describe('GET /api/categories', () => {
  it('answers the ten categories with the ids the spec fixes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    const byId = Object.fromEntries(
      response.json().map((c: { id: number; name: string }) => [c.id, c.name]),
    );
    expect(byId).toEqual(Object.fromEntries(CATEGORIES.map((c) => [c.id, c.name])));
    expect(Object.keys(byId)).toHaveLength(10);
  });
});

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('answers malformed JSON with 400 and a plain message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('refuses __proto__ keys without harm', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"__proto__": {"isAdmin": true}, ${JSON.stringify(memberInput()).slice(1)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers an oversized body with 413 and stores nothing', async () => {
    const before = await userCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: memberInput({ firstName: 'x'.repeat(100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large' });
    expect(await userCount()).toBe(before);
  });

  it('answers wrong-typed and absurdly long fields with 400', async () => {
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.co', password: 'p'.repeat(5000) },
    });
    expect(long.statusCode).toBe(400);
    const array = await t.app.inject({ method: 'POST', url: '/api/register', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
  });

  it('answers 503 with a plain message, nothing internal, when the database is down', async () => {
    const config = loadConfig({
      SESSION_SECRET: 'x'.repeat(32),
      DATA_DIR: t.config.dataDir,
      CLIENT_DIR: '/nonexistent',
    });
    const deadDb = createDatabase('postgres://nobody:secret@127.0.0.1:9/none', { error: () => {} });
    const app = await buildApp({ config, db: deadDb, logger: pino({ level: 'silent' }) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/categories' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
      expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|SQLSTATE/);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|SQLSTATE/);
    } finally {
      await app.close();
      await deadDb.$client.end();
    }
  });
});

describe('cross-site request protection', () => {
  it('refuses a mutating request from a foreign origin and changes nothing', async () => {
    const before = await userCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'https://evil.example' },
      payload: memberInput(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-site requests are not allowed');
    expect(await userCount()).toBe(before);
  });

  it('accepts a same-origin request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: memberInput(),
    });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['another scheme', 'https://swap.example:8080'],
    ['another port', 'http://swap.example:9090'],
    ['no port', 'http://swap.example'],
    ['another host', 'http://evil.example:8080'],
  ])('compares the whole origin: refuses %s on the same host', async (_what, origin) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin, host: 'swap.example:8080' },
      payload: memberInput(),
    });
    expect(response.statusCode).toBe(403);
  });

  it('accepts the request’s own origin, scheme and port included', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'http://swap.example:8080', host: 'swap.example:8080' },
      payload: memberInput(),
    });
    expect(response.statusCode).toBe(201);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s body with 415',
    async (contentType) => {
      const before = await userCount();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': contentType },
        payload: 'email=a@b.co&password=secret1',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toContain('JSON');
      expect(await userCount()).toBe(before);
    },
  );
});

describe('security headers', () => {
  it('sends a strict content security policy and no framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('sign-in rate limits', () => {
  const login = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, headers });

  it('blocks an account after repeated failures, even with the right password, until the window ends', async () => {
    const { input } = await registerMember(t.app);
    for (let i = 0; i < 3; i++)
      expect((await login(input.email, 'wrong-pass')).statusCode).toBe(401);
    const blocked = await login(input.email, input.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);

    await t.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });
    expect((await login(input.email, input.password)).statusCode).toBe(200);
  });

  it('lets 50 members sign in from one address', async () => {
    const members = [];
    for (let i = 0; i < 50; i++) members.push((await registerMember(t.app)).input);
    for (const member of members) {
      expect((await login(member.email, member.password)).statusCode).toBe(200);
    }
  });

  it('counts failures per address whatever X-Forwarded-For says (TRUST_PROXY off)', async () => {
    await t.db.delete(rateLimits);
    for (let i = 0; i < 8; i++) {
      const response = await login(`nobody${i}@example.com`, 'wrong-pass', {
        'x-forwarded-for': `10.0.0.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const response = await login('someone-else@example.com', 'wrong-pass', {
      'x-forwarded-for': '10.9.9.9',
    });
    expect(response.statusCode).toBe(429);
    await t.db.delete(rateLimits);
  });
});

describe('behind a trusted proxy', () => {
  it('counts failures per client address from X-Forwarded-For when TRUST_PROXY trusts the proxy', async () => {
    const proxied = await createTestApp({
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '2',
    });
    try {
      const fail = (address: string, n: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: `nobody${n}@example.com`, password: 'wrong-pass' },
          headers: { 'x-forwarded-for': address },
        });
      expect((await fail('203.0.113.7', 1)).statusCode).toBe(401);
      expect((await fail('203.0.113.7', 2)).statusCode).toBe(401);
      expect((await fail('203.0.113.7', 3)).statusCode).toBe(429);
      // Another client behind the same proxy is not blocked by the first one's failures.
      expect((await fail('198.51.100.9', 4)).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('registration rate limit', () => {
  it('answers 429 past the per-address limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_REGISTRATIONS_PER_ADDRESS: '2' });
    try {
      await registerMember(limited.app);
      await registerMember(limited.app);
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: memberInput(),
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
