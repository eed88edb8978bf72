import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Sends a body that is already JSON in the route's response shape (built by PostgreSQL, or bytes
 * kept by a cache) as it is. Fastify serializes objects only: a string with a JSON type goes out
 * untouched, so the route's response schema is there for the API description and the tests.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer) {
  return reply.type('application/json; charset=utf-8').send(json as never);
}

/** What a route's own serializer would send for `value` (fastify-type-provider-zod: encode, then JSON). */
export const serializedJson = <T extends z.ZodType>(schema: T, value: z.output<T>): Buffer =>
  Buffer.from(JSON.stringify(z.encode(schema, value)));
