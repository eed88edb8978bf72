import type { ClientUser } from '../../../shared/auth.schemas.js';
import { isLocale } from '../../../shared/i18n/locales.js';
import { displayName } from '../../../shared/names.js';
import type { Activity, PublicProfile } from '../../../shared/users.js';
import type { UserRow } from '../../db/schema/users.js';
import { presentPublicUser } from './public-user.js';
import { ACTIVITY_LIMIT, type ActivityRows } from './users.queries.js';

/** What anyone may see of a member on their profile. */
export function presentPublicProfile(user: UserRow): PublicProfile {
  return {
    ...presentPublicUser(user),
    bio: user.bio,
    location: user.location,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The signed-in user's own view: everything but the password and token fields. */
export function presentCurrentUser(user: UserRow): ClientUser {
  return {
    ...presentPublicProfile(user),
    email: user.email,
    isAdmin: user.isAdmin,
    updatedAt: user.updatedAt.toISOString(),
    locale: isLocale(user.locale) ? user.locale : null,
  };
}

/** The three kinds of event merged into one timeline, newest first. */
export function presentActivity({ listed, swapped, rated }: ActivityRows): Activity[] {
  const events: Activity[] = [
    ...listed.map(
      (row): Activity => ({
        type: 'listed',
        at: row.at.toISOString(),
        item: { id: row.id, title: row.title },
      }),
    ),
    ...swapped.map(
      (row): Activity => ({
        type: 'swap-completed',
        at: row.at.toISOString(),
        item:
          row.itemId !== null && row.title !== null ? { id: row.itemId, title: row.title } : null,
      }),
    ),
    ...rated.map(
      (row): Activity => ({
        type: 'feedback-received',
        at: row.at.toISOString(),
        rating: row.rating,
        from: { id: row.fromId, name: displayName(row) },
      }),
    ),
  ];
  return events.sort((a, b) => b.at.localeCompare(a.at)).slice(0, ACTIVITY_LIMIT);
}
