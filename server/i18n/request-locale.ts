import type { FastifyRequest } from 'fastify';
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
  const chosen = request.cookies?.[LOCALE_COOKIE];
  if (chosen) {
    const locale = closestLocale(chosen);
    if (locale) return locale;
  }
  return negotiateLocale(request.headers['accept-language']);
}

/** The language a member chose on the account, else the visitor's. */
export function memberLocale(
  request: FastifyRequest,
  member: { locale: string | null } | null,
): Locale {
  return member && isLocale(member.locale) ? member.locale : visitorLocale(request);
}
