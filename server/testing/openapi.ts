import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';

/**
 * Checks that keep GET /api/openapi.json true: every route the app serves is described with a
 * success response and a body schema, and real responses match what the document says.
 */

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
type Response = OpenAPIV3_1.ResponseObject;

/** Fastify's `/api/items/:id` is OpenAPI's `/api/items/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function operationOf(document: Document, method: string, url: string): Operation | undefined {
  const pathItem = document.paths?.[openApiPath(url)] as Record<string, Operation> | undefined;
  return pathItem?.[method.toLowerCase()];
}

const HOW_TO_FIX =
  'add schema.response[200] (or 201, 204, 3xx) with a shared zod schema; rawResponse() or ' +
  'redirectResponse() from server/http/openapi.ts describe images, files, streams and redirects';

/**
 * What the document lacks for the given routes, one line per problem, naming the route and what
 * to add. Empty when every route is described.
 */
export function documentationGaps(
  routes: ReadonlyArray<{ method: string; url: string }>,
  document: Document,
): string[] {
  const gaps: string[] = [];
  const seen = new Set<string>();
  for (const { method, url } of routes) {
    const route = `${method} ${url}`;
    if (method === 'HEAD' || seen.has(route)) continue;
    seen.add(route);
    const operation = operationOf(document, method, url);
    if (!operation) {
      gaps.push(
        `${route}: missing from the OpenAPI document (is its schema hidden, or was it registered before @fastify/swagger?)`,
      );
      continue;
    }
    const responses = Object.entries(operation.responses ?? {}) as Array<[string, Response]>;
    const success = responses.filter(([status]) => /^[23]/.test(status));
    if (!success.length) {
      gaps.push(`${route}: no 2xx response schema: ${HOW_TO_FIX}`);
    }
    for (const [status, response] of success) {
      if (status.startsWith('2') && status !== '204' && !response.content) {
        gaps.push(`${route}: its ${status} response has no body schema: ${HOW_TO_FIX}`);
      }
    }
    if (!operation.summary) {
      gaps.push(`${route}: no summary: add schema.summary (one line for the API reference)`);
    }
  }
  return gaps;
}

export type RecordedResponse = {
  method: string;
  /** The route's pattern (`/api/items/:id`), undefined when no route matched. */
  url: string | undefined;
  statusCode: number;
  contentType: string | undefined;
  /** Undefined for a streamed body, which is not read. */
  body: string | Buffer | undefined;
};

function responseFor(operation: Operation, status: number): Response | undefined {
  const responses = (operation.responses ?? {}) as Record<string, Response>;
  return (
    responses[String(status)] ?? responses[`${String(status).charAt(0)}XX`] ?? responses.default
  );
}

/**
 * Validates real responses against the document's response schemas with ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1). Returns a description of the mismatch, or undefined.
 */
export function createResponseChecker(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  // The components travel as one schema, so that $refs between them resolve.
  const refs = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value).replaceAll('"#/components/schemas/', '"openapi-components#/schemas/'),
    );
  ajv.addSchema({ $id: 'openapi-components', schemas: refs(document.components?.schemas ?? {}) });
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: unknown) => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(refs(schema) as object);
      compiled.set(key, validate);
    }
    return validate;
  };

  return function check(response: RecordedResponse): string | undefined {
    if (response.url === undefined || response.method === 'HEAD') return undefined;
    const where = `${response.method} ${response.url} → ${response.statusCode}`;
    const operation = operationOf(document, response.method, response.url);
    if (!operation) return `${where}: the route is not in the OpenAPI document`;
    const described = responseFor(operation, response.statusCode);
    if (!described) return `${where}: the document lists no ${response.statusCode} response`;
    const size = response.body === undefined ? 0 : response.body.length;
    if (!described.content) {
      return size === 0 ? undefined : `${where}: the document says no body, but one was sent`;
    }
    const mediaType = response.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
    const media = (described.content as Record<string, OpenAPIV3_1.MediaTypeObject>)[mediaType];
    if (!media) {
      return `${where}: answered ${mediaType || 'no content type'}, the document lists ${Object.keys(described.content).join(', ')}`;
    }
    if (!mediaType.includes('json') || media.schema === undefined || response.body === undefined)
      return undefined;
    let body: unknown;
    try {
      body = JSON.parse(String(response.body));
    } catch {
      return `${where}: the body is not JSON`;
    }
    const key = `${response.method} ${response.url} ${response.statusCode} ${mediaType}`;
    const validate = validatorFor(key, media.schema);
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || '(body)'} ${e.message}`)
      .join('; ');
    return `${where}: does not match the documented schema: ${errors}`;
  };
}
