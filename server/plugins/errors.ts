import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

/** Fastify's own 4xx messages can echo parser internals; these say the same thing plainly. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Requests with a body must send JSON (Content-Type: application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
};

/**
 * The database is unreachable or restarting: connection refused or reset, PostgreSQL's class 08
 * (connection exception) and 57P01–57P03 (shutting down, cannot connect now). Worth a retry.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[123])$/.test(code) || code.startsWith('08'))
      return true;
    if (
      e instanceof Error &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(e.message)
    )
      return true;
  }
  return false;
}

function statusOf(error: FastifyError): number {
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}

/**
 * One error handler for the whole API: every error becomes `{ message }` with an honest status.
 * 5xx bodies say nothing internal; the details go to the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.fields, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({ message: first?.message ?? 'Invalid request' });
    }
    if (error instanceof SyntaxError && statusOf(error) === 400) {
      return reply.code(400).send({ message: FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'Database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
    const status = statusOf(error);
    if (status < 500) {
      if (status === 429 && error.message) return reply.code(429).send({ message: error.message });
      const message =
        (error.code && FASTIFY_MESSAGES[error.code]) ??
        (status === 413 ? 'The request body is too large' : 'Bad request');
      request.log.info({ code: error.code, status }, 'Request refused');
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'Request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
