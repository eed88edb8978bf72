import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkOutboundUrl, type OutboundPolicy, type OutboundTarget } from './address-policy.js';
import { type ResolvedAddress, type Resolver, resolvePublicAddresses } from './resolve.js';

/** The policy refused the URL, a redirect's target, or an address its host resolved to. */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`Refused to send a request to ${url}: ${reason}`);
  }
}

/** No answer: the name did not resolve, the connection failed or broke, or time ran out. */
export class OutboundUnreachableError extends Error {
  override name = 'OutboundUnreachableError';
  constructor(
    message: string,
    /** ENOTFOUND (no such name), EAI_AGAIN, ECONNREFUSED, ECONNRESET, ETIMEDOUT … */
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The answer's body was longer than `maxBytes`. */
export class OutboundTooLargeError extends Error {
  override name = 'OutboundTooLargeError';
}

export type OutboundRequest = OutboundPolicy & {
  method?: string;
  headers?: Readonly<Record<string, string>>;
  body?: Uint8Array | string;
  /** The whole exchange: resolving, connecting, every redirect and the answer's body. */
  timeoutMs: number;
  /** An answer's body longer than this fails the request (default 1 MiB). */
  maxBytes?: number;
  /**
   * Redirects followed (default 0: a 3xx is returned as it is). Each target is checked and
   * resolved again like the first URL; authorization and cookie headers do not cross origins.
   */
  maxRedirects?: number;
  /** For tests: the resolver of host names (the system's otherwise). */
  resolve?: Resolver;
};

export type OutboundResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Where the answer came from (after redirects). */
  url: URL;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const CROSS_ORIGIN_DROPPED = new Set(['authorization', 'cookie', 'proxy-authorization']);
const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * The `lookup` a connection uses for a host name: the name's addresses through
 * resolvePublicAddresses, so the address the socket connects to is one that was checked (no
 * window between a check and a second resolution for DNS rebinding to use). For any node
 * client that takes `lookup` (http, https, net, tls); a refusal is an OutboundRefusedError.
 */
export function checkedLookup(
  policy: OutboundPolicy,
  resolve: Resolver | undefined,
): LookupFunction {
  return ((
    hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: (error: Error | null, address: string | ResolvedAddress[], family?: number) => void,
  ) => {
    const family =
      options.family === 4 || options.family === 'IPv4'
        ? 4
        : options.family === 6 || options.family === 'IPv6'
          ? 6
          : 0;
    resolvePublicAddresses(hostname, policy, resolve).then(
      (resolved) => {
        if (!resolved.ok) {
          callback(new OutboundRefusedError(hostname, resolved.reason), '', 0);
          return;
        }
        const wanted = resolved.addresses.filter((a) => family === 0 || a.family === family);
        const first = wanted[0];
        if (!first) {
          const error = Object.assign(new Error(`${hostname} has no IPv${family} address`), {
            code: 'ENOTFOUND',
          });
          callback(error, '', 0);
        } else if (options.all) {
          callback(
            null,
            wanted.map(({ address, family: f }) => ({ address, family: f })),
          );
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, '', 0),
    );
  }) as LookupFunction;
}

type Exchange = {
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
};

function exchange(
  target: OutboundTarget,
  sent: Exchange,
  request: OutboundRequest,
  deadline: AbortSignal,
): Promise<OutboundResponse> {
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener('abort', onDeadline);
      if (
        error instanceof OutboundRefusedError ||
        error instanceof OutboundUnreachableError ||
        error instanceof OutboundTooLargeError
      ) {
        reject(error);
        return;
      }
      const code = (error as { code?: unknown })?.code;
      const message = error instanceof Error ? error.message : String(error);
      reject(
        new OutboundUnreachableError(
          `No answer from ${target.url.host}: ${message}`,
          typeof code === 'string' ? code : undefined,
          { cause: error },
        ),
      );
    };
    const req = client.request(target.url, {
      method: sent.method,
      headers: sent.headers,
      // One connection per request: a pooled socket would skip the address check of this one.
      agent: false,
      // A name's addresses are checked as the socket connects; an address host was checked
      // already (node does not look it up).
      ...(request.allowPrivate || target.address
        ? {}
        : { lookup: checkedLookup(request, request.resolve) }),
    });
    const onDeadline = () =>
      req.destroy(
        new OutboundUnreachableError(
          `No answer from ${target.url.host} within ${request.timeoutMs} ms`,
          'ETIMEDOUT',
        ),
      );
    if (deadline.aborted) onDeadline();
    else deadline.addEventListener('abort', onDeadline, { once: true });
    req.on('error', fail);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          fail(
            new OutboundTooLargeError(
              `The answer from ${target.url.host} is over ${maxBytes} bytes`,
            ),
          );
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', fail);
      res.on('end', () => {
        if (settled) return;
        settled = true;
        deadline.removeEventListener('abort', onDeadline);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          url: target.url,
        });
      });
    });
    req.end(sent.body);
  });
}

/**
 * Sends a request to a URL someone else chose (a push endpoint, another instance's actor),
 * through the outbound address policy: the URL is checked (checkOutboundUrl), a host name is
 * resolved and every address checked as the connection is made, and each redirect (only when
 * `maxRedirects` allows one) is checked the same way. The whole exchange is bounded by
 * `timeoutMs` and the answer's body by `maxBytes`. Throws OutboundRefusedError when the policy
 * says no, OutboundUnreachableError when no answer came; any HTTP status is an answer.
 */
export async function outboundRequest(
  input: string | URL,
  request: OutboundRequest,
): Promise<OutboundResponse> {
  const deadline = AbortSignal.timeout(request.timeoutMs);
  let url = String(input);
  const sent: Exchange = {
    method: (request.method ?? 'GET').toUpperCase(),
    headers: { ...request.headers },
    body: request.body,
  };
  for (let redirects = 0; ; redirects += 1) {
    const checked = checkOutboundUrl(url, request);
    if (!checked.ok) throw new OutboundRefusedError(url, checked.reason);
    const response = await exchange(checked.target, sent, request, deadline);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || !location || redirects >= (request.maxRedirects ?? 0)) {
      return response;
    }
    let next: URL;
    try {
      next = new URL(location, checked.target.url);
    } catch {
      throw new OutboundRefusedError(location, 'the redirect is not a URL');
    }
    if (
      response.status === 303 ||
      (response.status !== 307 && response.status !== 308 && sent.method === 'POST')
    ) {
      sent.method = 'GET';
      sent.body = undefined;
      for (const name of Object.keys(sent.headers)) {
        if (name.toLowerCase().startsWith('content-')) delete sent.headers[name];
      }
    }
    if (next.origin !== checked.target.url.origin) {
      for (const name of Object.keys(sent.headers)) {
        if (CROSS_ORIGIN_DROPPED.has(name.toLowerCase())) delete sent.headers[name];
      }
    }
    url = next.href;
  }
}
