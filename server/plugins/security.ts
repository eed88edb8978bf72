import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { type Config, isSecureDeployment } from '../config.js';
import { AppError } from '../errors.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route also takes `application/x-www-form-urlencoded` posts from anywhere. Only for
     * routes whose body grants nothing a forged request could abuse: the RFC 8058 one-click
     * unsubscribe, which mail providers post as a form and which a signed token authorises.
     */
    acceptsFormPost?: boolean;
  }
}

const isFormPost = (request: FastifyRequest) =>
  request.routeOptions.config.acceptsFormPost === true &&
  request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded') ===
    true;

function tileOrigin(tileUrl: string): string[] {
  try {
    return [new URL(tileUrl.replace(/\{[a-z]\}/g, 'a')).origin];
  } catch {
    return [];
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

/**
 * Same-origin means the whole Origin (scheme, host and port) is PUBLIC_URL's, or this very
 * request's as the browser addressed it: its scheme (from the connection, or a trusted proxy's
 * X-Forwarded-Proto) and its Host. An http page on the same host, or another port, is another
 * origin.
 */
function isSameOrigin(origin: string, request: FastifyRequest, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  let own: string;
  try {
    own = new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
  return origin === own;
}

/**
 * The headers helmet sets for `options`, worked out once. @fastify/helmet built helmet's
 * middleware again on every request (parsing the CSP directives each time: 5 % of the server's
 * CPU on a cached read, issue 19); ours do not depend on the request, so they are computed here
 * by running helmet's own middleware once against a response that records them.
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => {},
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Radix and sonner set inline styles at run time; scripts stay strictly first-party.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...tileOrigin(config.tileUrl)],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(isSecureDeployment(config) ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    hsts: isSecureDeployment(config),
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  // Set before the route runs, as helmet did: a route may still replace one (images' CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  const publicOrigin = new URL(config.publicUrl).origin;
  // Cross-site request forgery: a foreign page can send simple requests (form posts, text/plain)
  // with our cookie; it cannot send JSON from its own origin without our say.
  // Synchronous (a throw becomes the error answer): no promise on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!MUTATING.has(request.method) || isFormPost(request)) return done();
    const origin = request.headers.origin;
    if (origin !== undefined && !isSameOrigin(origin, request, publicOrigin)) {
      throw new AppError(403, 'Cross-site requests are not allowed');
    }
    if (
      hasBody(request) &&
      !request.headers['content-type']?.toLowerCase().startsWith('application/json')
    ) {
      throw new AppError(
        415,
        'Requests with a body must send JSON (Content-Type: application/json)',
      );
    }
    done();
  });
}
