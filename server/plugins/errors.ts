import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Locale } from '../../shared/i18n/locales.js';
import { AppError } from '../errors.js';
import { translateApiMessage } from '../i18n/api-messages.js';
import { memberLocale, visitorLocale } from '../i18n/request-locale.js';
import { currentUser } from './session.js';

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
/**
 * The language of a `{message}`: the member's choice, else the visitor's (issue 41). The
 * session's user is looked up once per request (currentUser) and usually already was; a lookup
 * that fails (the database away) leaves the visitor's language.
 */
async function messageLocale(request: FastifyRequest, status: number): Promise<Locale> {
  if (status >= 500 || !request.sessionToken) return visitorLocale(request);
  try {
    return memberLocale(request, await currentUser(request));
  } catch {
    return visitorLocale(request);
  }
}

/**
 * One error handler for the whole API: every error becomes `{ message }` with an honest status,
 * the message in the request's language. 5xx bodies say nothing internal; the details go to the
 * log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const { status, message, headers, fields } = describe(error, request);
    const translated = translateApiMessage(message, await messageLocale(request, status));
    if (headers) reply.headers(headers);
    return reply.code(status).send({ ...fields, message: translated });
  });
}

/**
 * A reply that is only a `{ message }` (`{ message: 'Signed out' }`, a health check's 503) is
 * translated on its way out too, as the error handler's are. Replies with other fields are data
 * (a chat message, a member's words), never translated.
 */
export function registerMessageTranslation(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isMessageOnly(payload)) return payload;
    const locale = await messageLocale(request, reply.statusCode);
    return { message: translateApiMessage(payload.message, locale) };
  });
}

function isMessageOnly(payload: unknown): payload is { message: string } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  const keys = Object.keys(payload);
  return (
    keys.length === 1 &&
    keys[0] === 'message' &&
    typeof (payload as { message: unknown }).message === 'string'
  );
}

type Described = {
  status: number;
  message: string;
  headers?: Record<string, string>;
  fields?: Record<string, unknown>;
};

function describe(error: FastifyError, request: FastifyRequest): Described {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      message: error.message,
      headers: error.headers,
      fields: error.fields,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, message: error.validation[0]?.message ?? 'Invalid request' };
  }
  if (error instanceof SyntaxError && statusOf(error) === 400) {
    return { status: 400, message: FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY ?? '' };
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'Database unavailable');
    return {
      status: 503,
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      headers: { 'retry-after': '5' },
    };
  }
  const status = statusOf(error);
  if (status < 500) {
    if (status === 429 && error.message) return { status: 429, message: error.message };
    const message =
      (error.code && FASTIFY_MESSAGES[error.code]) ??
      (status === 413 ? 'The request body is too large' : 'Bad request');
    request.log.info({ code: error.code, status }, 'Request refused');
    return { status, message };
  }
  request.log.error({ err: error }, 'Request failed');
  return { status: 500, message: 'Internal server error' };
}
