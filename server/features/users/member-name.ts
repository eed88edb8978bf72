import { eq } from 'drizzle-orm';
import { displayName } from '../../../shared/names.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/users.js';

/** A member's name as notifications show it, or null once they are gone (each text says so in its language). */
export async function nameOrNull(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ nickname: users.nickname, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? displayName(row) : null;
}

/** A member's name as notifications and closing reasons show it; 'A member' once they are gone. */
export async function nameOf(db: Executor, userId: string): Promise<string> {
  return (await nameOrNull(db, userId)) ?? 'A member';
}
