import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { findInstanceByHost } from './instances.js';
import { FEDERATION_PREFIXES } from './paths.js';
import { federationOf } from './runtime.js';

/** The largest activity an inbox reads; a listing with its wants is a few KB. */
const MAX_ACTIVITY_BYTES = 256 * 1024;
/** Inbound activities one instance may deliver a minute (a backfill reads, it is not delivered). */
const ACTIVITIES_PER_MINUTE = 600;

const ACTIVITY_TYPES = /application\/(activity\+json|ld\+json)/i;
const LISTING_PAGE = /^\/item\/\d+$/;

/** Requests for Fedify: its paths, and a listing's page asked for as ActivityPub. */
function isFederationRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  if (FEDERATION_PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  return (
    request.method === 'GET' &&
    LISTING_PAGE.test(path) &&
    ACTIVITY_TYPES.test(request.headers.accept ?? '')
  );
}

/** The host of the key that signed a request (draft-cavage `keyId`, or RFC 9421 `keyid`). */
function signerHost(request: FastifyRequest): string | undefined {
  const header = `${request.headers.signature ?? ''} ${request.headers['signature-input'] ?? ''}`;
  const keyId = /keyid="([^"]+)"/i.exec(header)?.[1];
  if (!keyId) return undefined;
  try {
    return new URL(keyId).host.toLowerCase();
  } catch {
    return undefined;
  }
}

async function readBody(request: FastifyRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_ACTIVITY_BYTES) throw new AppError(413, 'This activity is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const headersOf = (request: FastifyRequest) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of [value].flat()) headers.append(name, one);
  }
  return headers;
};

async function send(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Hands ActivityPub requests to Fedify, ahead of the site's own request rules (they carry HTTP
 * signatures, not cookies): WebFinger, NodeInfo, actors, inboxes, outboxes, and a listing's page
 * asked for as JSON-LD. An inbox delivery from a blocked instance is refused (403) before its
 * signature is checked, an instance sending too much is slowed down (429), and a body larger
 * than an activity is refused (413). Fedify answers an unsigned or badly signed one 401.
 */
export function registerFederationMount(app: FastifyInstance, ctx: AppContext): void {
  const notHandled = new Response(null, { status: 599 });
  app.addHook('onRequest', async (request, reply) => {
    if (!isFederationRequest(request)) return;
    try {
      let body: Buffer | undefined;
      if (request.method === 'POST') {
        const host = signerHost(request);
        if (host) {
          if ((await findInstanceByHost(ctx.db, host))?.blocked)
            throw new AppError(403, 'This instance is blocked here');
          await ctx.rateLimiter.consume(
            { key: `federation:inbox:${host}`, limit: ACTIVITIES_PER_MINUTE, windowMs: 60_000 },
            'Too many activities from your instance; slow down',
          );
        }
        body = await readBody(request);
      }
      const response = await federationOf(ctx).federation.fetch(
        new Request(new URL(request.url, ctx.config.publicUrl), {
          method: request.method,
          headers: headersOf(request),
          body: body && body.length > 0 ? new Uint8Array(body) : undefined,
        }),
        { contextData: ctx, onNotFound: () => notHandled, onNotAcceptable: () => notHandled },
      );
      if (response === notHandled) {
        // A page's own request, or a path Fedify does not serve: the site answers it.
        if (body === undefined) return;
        throw new AppError(404, 'Not found');
      }
      return send(reply, response);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
  });
}
