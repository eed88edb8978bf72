import net from 'node:net';
import { signRequest } from '@fedify/fedify';
import { keyPairsOf } from '../features/federation/keys.js';
import { createTestApp, registerMember, type TestApp } from './app.js';

/** A port free on loopback now (the instance's PUBLIC_URL must name it before it starts). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type TestInstance = TestApp & {
  url: string;
  admin: Awaited<ReturnType<typeof registerMember>>;
};

/**
 * A whole SwapMarket instance on its own database, listening on loopback under its own
 * PUBLIC_URL, with an admin: several make a federation of real servers speaking real HTTP.
 */
export async function startInstance(
  name: string,
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<TestInstance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const adminEmail = `admin@${name}.example.com`;
  const t = await createTestApp(
    {
      PUBLIC_URL: url,
      SITE_NAME: name,
      FEDERATION_ALLOW_PRIVATE: 'true',
      FEDERATION_APPROVAL: 'auto',
      ADMIN_EMAILS: adminEmail,
      RATE_LIMITS: 'false',
      ...env,
    },
    options,
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  const admin = await registerMember(t.app, { email: adminEmail });
  return { ...t, url, admin };
}

/** Waits until `check` holds, or fails naming `what` after `withinMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  withinMs = 10_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A request to `at` as `who` (a member's cookie) or a visitor. */
export const callAt = (
  at: TestInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who?: { cookie: string },
  payload?: object,
) => at.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

/**
 * POSTs `body` to `to`'s shared inbox as `memberId` of `from` would, signed with that member's
 * real key (a forger's request is the same with another member's key): the response.
 */
export async function deliverSigned(
  from: TestInstance,
  memberId: string,
  to: TestInstance,
  body: unknown,
): Promise<Response> {
  const [rsa] = await keyPairsOf(from.db, memberId);
  if (!rsa) throw new Error(`no key for ${memberId}`);
  const request = await signRequest(
    new Request(`${to.url}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify(body),
    }),
    rsa.privateKey,
    new URL(`${from.url}/ap/actors/${memberId}#main-key`),
  );
  return fetch(request);
}
