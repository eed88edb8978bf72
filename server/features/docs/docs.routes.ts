import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawResponse } from '../../http/openapi.js';
import type { OpenApiDocument } from '../../plugins/openapi.js';
import { renderApiReference } from './api-reference.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The OpenAPI document as JSON: what its own schema says of it, loosely. */
const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .meta({ description: 'An OpenAPI 3.1 document describing every route of this server.' });

export function registerDocsRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // Built once, on first request: every route is registered by then.
  let json: string | undefined;
  let html: string | undefined;
  const document = () => server.swagger() as OpenApiDocument;

  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This API description (OpenAPI 3.1)',
        description: 'Generate clients from it; the same routes, schemas and error shapes.',
        response: {
          200: {
            description: 'The document',
            content: { 'application/json': { schema: openApiDocumentSchema } },
          },
        },
      },
    },
    async (_request, reply) => {
      json ??= JSON.stringify(document());
      return (
        reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('cache-control', 'no-cache')
          // Already JSON: a string with a JSON content type goes out as it is.
          .send(json as unknown as z.infer<typeof openApiDocumentSchema>)
      );
    },
  );

  app.get(
    DOCS_PATH,
    {
      schema: {
        summary: 'A readable reference of this API',
        description: 'HTML rendered from the OpenAPI document; no scripts, works offline.',
        response: { 200: rawResponse('The reference page', ['text/html']) },
      },
    },
    async (_request, reply) => {
      html ??= renderApiReference(document());
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html);
    },
  );
}
