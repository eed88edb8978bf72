import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canModerate, SIGN_IN_REQUIRED } from '../../shared/policies/decision.js';
import { type Config, isSecureDeployment } from '../config.js';
import type { Database } from '../db/client.js';
import type { UserRow } from '../db/schema/users.js';
import { AppError, enforce } from '../errors.js';
import type { SessionCache } from '../infra/session-cache.js';
import { findSessionUser } from '../infra/session-store.js';

export const SESSION_COOKIE = 'sm_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session token from a valid signed cookie, or null. */
    sessionToken: string | null;
  }
}

const userLookups = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

export async function registerSession(
  app: FastifyInstance,
  config: Config,
  db: Database,
  cache: SessionCache,
): Promise<void> {
  if (!config.sessionSecret)
    throw new Error('SESSION_SECRET was not resolved before building the app');
  await app.register(cookie, { secret: config.sessionSecret, hook: 'onRequest' });
  app.decorateRequest('sessionToken', null);
  // Synchronous hooks (done, not async) on every request: no promise and no extra tick each.
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.cookies[SESSION_COOKIE];
    if (raw) {
      const unsigned = request.unsignCookie(raw);
      if (unsigned.valid && unsigned.value) request.sessionToken = unsigned.value;
    }
    done();
  });
  app.decorate('sessionDeps', { db, policy: config.session, cache });
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionDeps: {
      db: Database;
      policy: Config['session'];
      cache: SessionCache;
    };
  }
}

/** The signed-in user, looked up once per request and only when a route asks. */
export function currentUser(request: FastifyRequest): Promise<UserRow | null> {
  let lookup = userLookups.get(request);
  if (!lookup) {
    const token = request.sessionToken;
    const { db, policy, cache } = request.server.sessionDeps;
    lookup = token ? findSessionUser(db, cache, token, policy) : Promise.resolve(null);
    userLookups.set(request, lookup);
  }
  return lookup;
}

export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(request);
  if (!user) throw new AppError(401, SIGN_IN_REQUIRED);
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  enforce(canModerate(user));
  return user;
}

export function setSessionCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureDeployment(config),
    signed: true,
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

/** Device cookies (OWASP device-cookie lockout), one per account a browser signed in to. */
const DEVICE_COOKIE_PREFIX = 'sm_dev_';
const DEVICE_COOKIE_DAYS = 365;

export const deviceCookieName = (accountTag: string) => `${DEVICE_COOKIE_PREFIX}${accountTag}`;

/** The unsigned value of a device cookie, or null when it is missing or its signature is wrong. */
export function readDeviceCookie(request: FastifyRequest, name: string): string | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

export function setDeviceCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  config: Config,
): void {
  reply.setCookie(name, value, {
    // Sent to the sign-in call only: nothing else needs it.
    path: '/api/login',
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureDeployment(config),
    signed: true,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureDeployment(config),
  });
}
