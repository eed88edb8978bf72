import { getTableColumns, type Table } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/users.js';
import { users } from '../../db/schema/users.js';

const PUBLIC_USER_FIELDS = [
  'id',
  'nickname',
  'firstName',
  'lastName',
  'profileImageUrl',
  'emailVerifiedAt',
] as const;

/** Picks `keys` from a table's columns, keeping their types; works on aliased tables too. */
export function pickColumns<T extends Table, K extends keyof T['_']['columns']>(
  table: T,
  keys: readonly K[],
) {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<T['_']['columns'], K>;
}

/** The columns another member may see of someone (never email, password or tokens). */
export function publicUserColumns<T extends Table = typeof users>(table?: T) {
  return pickColumns((table ?? users) as T & typeof users, PUBLIC_USER_FIELDS);
}

export function presentPublicUser(row: {
  id: string;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  emailVerifiedAt: Date | null;
}): PublicUser {
  return {
    id: row.id,
    nickname: row.nickname,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    isMember: row.emailVerifiedAt !== null,
  };
}
