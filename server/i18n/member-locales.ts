import { inArray } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/i18n/locales.js';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema/users.js';

/**
 * The language each of `userIds` chose on the account (users.locale), for what the server
 * writes to them outside a request (notifications, their pushes and emails). A member who
 * never chose, or is gone, gets `fallback`: English unless the caller knows better (a request's
 * language, for an email the request causes).
 */
export async function memberLocales(
  db: Executor,
  userIds: readonly string[],
  fallback: Locale = DEFAULT_LOCALE,
): Promise<(userId: string) => Locale> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return () => fallback;
  const rows = await db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(inArray(users.id, ids));
  const chosen = new Map(rows.map((row) => [row.id, row.locale]));
  return (userId) => {
    const locale = chosen.get(userId);
    return isLocale(locale) ? locale : fallback;
  };
}

/** One member's language (see memberLocales). */
export const memberLocaleOf = async (db: Executor, userId: string, fallback?: Locale) =>
  (await memberLocales(db, [userId], fallback))(userId);
