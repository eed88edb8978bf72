import { validate } from '@readme/openapi-parser';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/client.js';
import {
  checkResponsesAgainstOpenApi,
  createTestApp,
  registerMember,
  type TestApp,
} from './testing/app.js';
import { jpegDataUrl } from './testing/images.js';
import { createResponseChecker, documentationGaps } from './testing/openapi.js';

type Document = OpenAPIV3_1.Document;

let t: TestApp;
let document: Document;
let adminCookie = '';
let item: { id: number; images: string[] };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'openapi-admin@example.com' });
  document = t.app.swagger() as Document;
  adminCookie = (await registerMember(t.app, { email: 'openapi-admin@example.com' })).cookie;
  item = (
    await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: { cookie: adminCookie },
      payload: {
        title: 'Documented lamp',
        description: 'Bright',
        condition: 'good',
        images: [await jpegDataUrl(80, 60)],
      },
    })
  ).json();
});
afterAll(() => t.close());

/** An app on a database that is not there: enough to build and describe routes. */
async function bareApp(extra: (app: FastifyInstance) => void) {
  const config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'x'.repeat(32),
    DATA_DIR: t.config.dataDir,
    CLIENT_DIR: '/nonexistent',
  });
  const db = createDatabase('postgres://nobody:secret@127.0.0.1:9/none', { error: () => {} });
  const app = await buildApp({ config, db, logger: pino({ level: 'silent' }) });
  app.addHook('onClose', () => db.$client.end());
  extra(app);
  return app;
}

const operations = (doc: Document) =>
  Object.values(doc.paths ?? {}).flatMap((pathItem) =>
    ['get', 'post', 'put', 'patch', 'delete'].flatMap((method) => {
      const operation = (pathItem as Record<string, OpenAPIV3_1.OperationObject>)[method];
      return operation ? [operation] : [];
    }),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors.map((e) => e.message)).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route the app serves with a summary and a 2xx response schema', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(50);
    expect(documentationGaps(t.app.routeTable, document)).toEqual([]);
  });

  it('names the route and what is missing when a route is added without a description', async () => {
    const app = await bareApp((app) => {
      app.get('/api/rogue', async () => ({ secret: 'leaks' }));
      app.get(
        '/api/rogue/:id',
        { schema: { response: { 200: z.object({ id: z.string() }) } } },
        async () => ({ id: '1' }),
      );
      app.post('/api/rogue', { schema: { summary: 'Posts' } }, async () => ({ ok: true }));
    });
    await app.ready();
    try {
      const gaps = documentationGaps(app.routeTable, app.swagger() as Document);
      expect(gaps).toEqual([
        expect.stringMatching(/^GET \/api\/rogue: no 2xx response schema: add schema\.response/),
        'GET /api/rogue: no summary: add schema.summary (one line for the API reference)',
        'GET /api/rogue/:id: no summary: add schema.summary (one line for the API reference)',
        expect.stringMatching(/^POST \/api\/rogue: no 2xx response schema/),
      ]);
    } finally {
      await app.close();
    }
  });

  it('defines the public user, the listing and its summary once and refers to them', () => {
    const schemas = document.components?.schemas ?? {};
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(['PublicUser', 'Item', 'ItemSummary', 'SwapRequest', 'CurrentUser']),
    );
    const swap = schemas.SwapRequest as OpenAPIV3_1.SchemaObject;
    expect(swap.properties?.fromUser).toEqual({ $ref: '#/components/schemas/PublicUser' });
    expect(JSON.stringify(swap.properties?.item)).toContain('#/components/schemas/ItemSummary');
    const itemResponse = document.paths?.['/api/items/{id}']?.get?.responses?.['200'] as
      | OpenAPIV3_1.ResponseObject
      | undefined;
    expect(itemResponse?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Item',
    });
    // Nothing secret is in any response shape.
    expect(JSON.stringify(schemas)).not.toMatch(/"(password|resetToken|passwordHash)"/);
  });

  it('says who may call a route and how errors look', () => {
    const user = document.paths?.['/api/auth/user']?.get;
    expect(user?.security).toEqual([{ session: [] }]);
    expect(document.paths?.['/api/items']?.get?.security).toBeUndefined();
    for (const operation of operations(document)) {
      expect(operation.responses?.['4XX']).toBeDefined();
      expect(operation.operationId).toMatch(/^[a-z]+[A-Za-z0-9]+$/);
    }
    const ids = operations(document).map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes images, CSV files, the event stream and the logout redirect by what they send', () => {
    const content = (path: string, status = '200') =>
      Object.keys(
        (document.paths?.[path]?.get?.responses?.[status] as OpenAPIV3_1.ResponseObject)?.content ??
          {},
      );
    expect(content('/api/images/{id}')).toEqual(['image/jpeg', 'image/webp', 'image/avif']);
    expect(content('/api/admin/export/{kind}')).toEqual(['text/csv']);
    expect(content('/api/events')).toEqual(['text/event-stream']);
    expect(content('/api/docs')).toEqual(['text/html']);
    const logout = document.paths?.['/api/logout']?.get?.responses?.['303'] as
      | OpenAPIV3_1.ResponseObject
      | undefined;
    expect(logout?.content).toBeUndefined();
    expect(Object.keys(logout?.headers ?? {})).toEqual(['location']);
  });
});

describe('routes that do not answer JSON', () => {
  it('sends CSV as CSV, not as a JSON string', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/export/items',
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.body.startsWith('"')).toBe(false);
    expect(response.body.split('\n')[0]).toMatch(/^id,/);
    expect(response.body).toContain('Documented lamp');
  });

  it('sends pictures as bytes', async () => {
    const response = await t.app.inject({ method: 'GET', url: item.images[0] ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('still redirects GET /api/logout from our own pages', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(response.body).toBe('');
  });
});

describe('GET /api/openapi.json and /api/docs', () => {
  it('serves the document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('serves a readable reference of every operation, with no script, under the strict CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const html = response.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/ on[a-z]+=/i);
    expect(html.match(/<article class="op" id="op-/g)?.length).toBe(operations(document).length);
    expect(html).toContain('<code>/api/items/{id}</code>');
    expect(html).toContain('Browse and search listings');
    expect(html).toContain('href="#schema-PublicUser"');
    expect(html).toContain('href="/api/openapi.json"');
  });
});

describe('checking real responses against the document', () => {
  it('reports a response the document does not describe', async () => {
    const app = await bareApp((app) => {
      app.get(
        '/api/drifting',
        {
          schema: { summary: 'Drifts', response: { 200: z.object({ id: z.number() }) } },
        },
        async (_request, reply: FastifyReply) => reply.code(202).send({ id: 1 }),
      );
      app.get(
        '/api/mislabelled',
        {
          schema: { summary: 'Mislabelled', response: { 200: z.object({ id: z.number() }) } },
        },
        async (_request, reply) => reply.header('content-type', 'text/plain').send('1'),
      );
    });
    const mismatches = checkResponsesAgainstOpenApi(app);
    await app.ready();
    try {
      await app.inject({ method: 'GET', url: '/api/drifting' });
      await app.inject({ method: 'GET', url: '/api/mislabelled' });
      expect([...mismatches]).toEqual([
        'GET /api/drifting → 202: the document lists no 202 response',
        'GET /api/mislabelled → 200: answered text/plain, the document lists application/json',
      ]);
    } finally {
      await app.close();
    }
  });

  it('validates JSON bodies against the response schema', () => {
    const check = createResponseChecker(document);
    const good = t.app.inject({ method: 'GET', url: `/api/items/${item.id}` });
    return good.then((response) => {
      const base = {
        method: 'GET',
        url: '/api/items/:id',
        statusCode: 200,
        contentType: 'application/json; charset=utf-8',
      };
      expect(check({ ...base, body: response.body })).toBeUndefined();
      const broken = { ...response.json(), user: { id: 1 } };
      expect(check({ ...base, body: JSON.stringify(broken) })).toMatch(
        /^GET \/api\/items\/:id → 200: does not match the documented schema: \/user/,
      );
      expect(
        check({ ...base, statusCode: 404, body: JSON.stringify({ message: 'Item not found' }) }),
      ).toBeUndefined();
      expect(check({ ...base, statusCode: 404, body: JSON.stringify({ error: 'x' }) })).toMatch(
        /does not match/,
      );
    });
  });
});
