import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  closestLocale,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  negotiateLocale,
} from '../../shared/i18n/locales.js';

/**
 * A visitor's language: the footer picker's cookie, else the best match of Accept-Language,
 * else English. (A member's choice on the account comes first where the member is known:
 * memberLocale.)
 */
export function visitorLocale(request: FastifyRequest): Locale {
  return chosenLocale(request) ?? negotiateLocale(request.headers['accept-language']);
}

/** The language picked in the footer (its cookie), if any. */
export function chosenLocale(request: FastifyRequest): Locale | null {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  return (chosen && closestLocale(chosen)) || null;
}

/**
 * Sets (or, for null, clears) the picker's cookie from a member's choice: at sign-in and when
 * they choose, so the pages the server draws for this browser follow the account. Readable by
 * the page, which writes the same cookie from the footer (client/lib/i18n.ts).
 */
export function setLocaleCookie(reply: FastifyReply, locale: Locale | null): void {
  if (locale === null) {
    reply.clearCookie(LOCALE_COOKIE, { path: '/' });
    return;
  }
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: '/',
    sameSite: 'lax',
    maxAge: 365 * 24 * 3600,
  });
}

/** The language a member chose on the account, else the visitor's. */
export function memberLocale(
  request: FastifyRequest,
  member: { locale: string | null } | null,
): Locale {
  return member && isLocale(member.locale) ? member.locale : visitorLocale(request);
}
