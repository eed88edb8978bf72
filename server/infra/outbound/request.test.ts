import http, { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkedLookup,
  OutboundRefusedError,
  OutboundUnreachableError,
  outboundRequest,
} from './request.js';
import type { Resolver } from './resolve.js';

type Seen = { url: string; method: string; headers: IncomingMessage['headers']; body: string };

async function listen(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        url: req.url ?? '',
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let main: Awaited<ReturnType<typeof listen>>;
let other: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  other = await listen((_req, res) => res.writeHead(200).end('other'));
  main = await listen((req, res) => {
    const path = req.url ?? '';
    if (path === '/hang') return; // never answers
    if (path === '/big') return void res.writeHead(200).end('x'.repeat(5000));
    if (path === '/to-other') {
      return void res.writeHead(302, { location: `${other.url}/landed` }).end();
    }
    if (path === '/see-other') return void res.writeHead(303, { location: '/done' }).end();
    if (path === '/loop') return void res.writeHead(307, { location: '/loop' }).end();
    if (path === '/to-ftp') return void res.writeHead(301, { location: 'ftp://127.0.0.1/x' }).end();
    res.writeHead(201, { 'x-seen': path }).end('done');
  });
});
afterAll(async () => {
  await main.close();
  await other.close();
});

const local = { allowPrivate: true, timeoutMs: 2000 };
const strict = { allowPrivate: false, timeoutMs: 2000 };
const loopbackDns: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

describe('outboundRequest', () => {
  it('sends the request and gives the status, headers and body of the answer', async () => {
    const response = await outboundRequest(`${main.url}/push`, {
      ...local,
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ttl: '60' },
      body: new Uint8Array([104, 105]),
    });
    expect(response.status).toBe(201);
    expect(response.headers['x-seen']).toBe('/push');
    expect(response.body.toString()).toBe('done');
    expect(main.seen.at(-1)).toMatchObject({ method: 'POST', body: 'hi', headers: { ttl: '60' } });
  });

  it('refuses an address the policy refuses, before connecting', async () => {
    const before = main.seen.length;
    const port = new URL(main.url).port;
    for (const url of [`https://127.0.0.1:${port}/x`, `${main.url}/x`, 'https://[::1]/x']) {
      await expect(outboundRequest(url, strict)).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    expect(main.seen.length).toBe(before);
  });

  it('refuses a name that resolves to loopback as it connects (DNS rebinding)', async () => {
    const error = await outboundRequest('https://push.example.net/x', {
      ...strict,
      resolve: loopbackDns,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect((error as OutboundRefusedError).reason).toMatch(/127\.0\.0\.1, .*loopback/);
  });

  it('connects to the address its checked lookup gave', async () => {
    const port = new URL(main.url).port;
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(
          `http://push.example.net:${port}/via-lookup`,
          { lookup: checkedLookup({ allowPrivate: true }, loopbackDns), agent: false },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
        .on('error', reject);
    });
    expect(status).toBe(201);
    expect(main.seen.at(-1)?.headers.host).toBe(`push.example.net:${port}`);
  });

  it('gives up after timeoutMs when the other side never answers', async () => {
    const started = Date.now();
    const error = await outboundRequest(`${main.url}/hang`, { ...local, timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutboundUnreachableError);
    expect((error as OutboundUnreachableError).code).toBe('ETIMEDOUT');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('says no answer came when nothing listens', async () => {
    const closed = await listen(() => {});
    await closed.close();
    const error = await outboundRequest(closed.url, local).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundUnreachableError);
    expect((error as OutboundUnreachableError).code).toBe('ECONNREFUSED');
  });

  it('fails an answer longer than maxBytes', async () => {
    await expect(outboundRequest(`${main.url}/big`, { ...local, maxBytes: 1000 })).rejects.toThrow(
      /over 1000 bytes/,
    );
  });

  it('returns a redirect as it is unless told to follow, then checks every target', async () => {
    const unfollowed = await outboundRequest(`${main.url}/to-other`, local);
    expect(unfollowed.status).toBe(302);

    const followed = await outboundRequest(`${main.url}/to-other`, {
      ...local,
      maxRedirects: 3,
      headers: { authorization: 'secret', accept: 'text/plain' },
    });
    expect(followed.status).toBe(200);
    expect(followed.url.href).toBe(`${other.url}/landed`);
    // Another origin: the authorization stays behind.
    expect(other.seen.at(-1)?.headers.authorization).toBeUndefined();
    expect(other.seen.at(-1)?.headers.accept).toBe('text/plain');

    const seeOther = await outboundRequest(`${main.url}/see-other`, {
      ...local,
      method: 'POST',
      body: 'x',
      maxRedirects: 1,
    });
    expect(seeOther.status).toBe(201);
    expect(main.seen.at(-1)).toMatchObject({ url: '/done', method: 'GET', body: '' });

    const capped = await outboundRequest(`${main.url}/loop`, { ...local, maxRedirects: 2 });
    expect(capped.status).toBe(307);

    await expect(
      outboundRequest(`${main.url}/to-ftp`, { ...local, maxRedirects: 1 }),
    ).rejects.toMatchObject({ reason: expect.stringMatching(/must use https/) });
  });
});
