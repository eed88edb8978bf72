import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Config } from '../config.js';
import { METRICS_SECURITY_SCHEME, SESSION_SECURITY_SCHEME } from '../http/openapi.js';
import { projectRoot } from '../paths.js';

export type OpenApiDocument = OpenAPIV3_1.Document;

const ERROR_SCHEMA = 'Error';

/** Tags for routes that name none, from the first segment of their path. */
const TAG_BY_SEGMENT: Record<string, string> = {
  register: 'Accounts',
  login: 'Accounts',
  logout: 'Accounts',
  auth: 'Accounts',
  'request-password-reset': 'Accounts',
  'confirm-reset-password': 'Accounts',
  'verify-email': 'Accounts',
  'resend-verification': 'Accounts',
  items: 'Listings',
  categories: 'Listings',
  images: 'Listings',
  'saved-items': 'Listings',
  'swap-requests': 'Swaps',
  feedback: 'Swaps',
  events: 'Swaps',
  users: 'Profiles',
  'page-views': 'Analytics',
  'unique-visitor-count': 'Analytics',
  admin: 'Admin',
  'flagged-items': 'Admin',
  health: 'Operations',
  config: 'Operations',
  'openapi.json': 'Operations',
  docs: 'Operations',
};

export function tagFor(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const first = segments[0] === 'api' ? segments[1] : undefined;
  if (first === undefined) return 'Operations';
  return (
    TAG_BY_SEGMENT[first] ?? `${first.charAt(0).toUpperCase()}${first.slice(1).replace(/-/g, ' ')}`
  );
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Accounts: 'Registration, sign-in, password reset and email verification.',
  Listings: 'Listings, their pictures and categories, and the wishlist.',
  Swaps: 'Offers, their chat, ratings, and the live-update stream.',
  Profiles: 'Public profiles and editing your own.',
  Analytics: 'Page views and the visit counter.',
  Admin: 'Moderation and statistics (admins only).',
  Operations: 'Health checks, metrics, site settings and this description.',
};

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}

const DESCRIPTION = `JSON in, JSON out. Every error is \`{ "message": "…" }\` with an honest status:
400 bad input, 401 signed out, 403 not allowed, 404 missing (also for things you may not see),
409 conflict, 413 too large, 415 not JSON, 429 rate limited (with \`Retry-After\`), 503 the
database is unavailable (with \`Retry-After\`).

Requests that change something and carry a body must be \`application/json\`; a foreign
\`Origin\` is refused. Signed-in calls carry the \`sm_sid\` cookie that \`POST /api/login\` and
\`POST /api/register\` set.`;

const PLACEHOLDER = 'Default Response';
const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'No content',
  '303': 'See other',
};

/** Every operation answers errors as `{ message }`; the document says so once, for all of them. */
function withErrorResponses(document: OpenApiDocument): OpenApiDocument {
  const errorRef = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };
  const errorResponse = (description: string): OpenAPIV3_1.ResponseObject => ({
    description,
    content: { 'application/json': { schema: errorRef } },
  });
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {})) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const responses = (operation as OpenAPIV3_1.OperationObject).responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        const described = response as OpenAPIV3_1.ResponseObject;
        if (described.description !== PLACEHOLDER) continue;
        // @fastify/swagger invents a bodiless 200 for a route that declares no response: drop it,
        // so the document never promises what the route did not say (the routes test catches it).
        if (!described.content && !described.headers) delete responses[status];
        else described.description = STATUS_TEXT[status] ?? 'Success';
      }
      responses['4XX'] ??= errorResponse('Refused: bad input, signed out, not allowed, missing …');
      responses['5XX'] ??= errorResponse('Internal error, or the database is unavailable');
    }
  }
  return document;
}

/** `GET /api/swap-requests/{id}/messages` → `getSwapRequestsByIdMessages`, for client generators. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const word = param ? `by-${param[1]}` : segment;
      return word
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join('');
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Operation ids where a route names none. */
function withOperationIds(document: OpenApiDocument): OpenApiDocument {
  for (const [path, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = (pathItem as Record<string, OpenAPIV3_1.OperationObject | undefined>)[
        method
      ];
      if (operation && !operation.operationId) operation.operationId = operationIdFor(method, path);
    }
  }
  return document;
}

/**
 * The zod bridge writes every schema with an id twice (as request and as response shape); only
 * those the operations use, directly or through another schema, stay in the document.
 */
function withoutUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const entry of value) visit(entry);
      return;
    }
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') {
        const name = child.replace('#/components/schemas/', '');
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(document.paths);
  if (document.components?.schemas) {
    document.components.schemas = Object.fromEntries(
      Object.entries(schemas)
        .filter(([name]) => used.has(name))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  }
  return document;
}

/**
 * Registers @fastify/swagger before any route, so that every route the app serves is collected
 * into an OpenAPI 3.1 document built from the routes' own zod schemas (served by the docs routes).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.siteName} API`,
        version: packageVersion(),
        description: DESCRIPTION,
      },
      servers: [{ url: config.publicUrl }],
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sm_sid',
            description: 'The session cookie set by POST /api/login and POST /api/register.',
          },
          [METRICS_SECURITY_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The METRICS_TOKEN the server was started with.',
          },
        },
        schemas: {
          [ERROR_SCHEMA]: {
            type: 'object',
            properties: { message: { type: 'string' } },
            required: ['message'],
          },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const schema = (output.schema ?? {}) as Record<string, unknown>;
      if (!schema.hide && !schema.tags) schema.tags = [tagFor(input.url)];
      return { ...output, schema } as typeof output;
    },
    transformObject: (input) =>
      withoutUnusedSchemas(
        withOperationIds(withErrorResponses(jsonSchemaTransformObject(input) as OpenApiDocument)),
      ),
  });
}
