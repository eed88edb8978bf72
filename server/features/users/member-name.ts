import { eq } from 'drizzle-orm';
import { displayName } from '../../../shared/names.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/users.js';

/** A member's name as notifications and closing reasons show it; 'A member' once they are gone. */
export async function nameOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ nickname: users.nickname, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? displayName(row) : 'A member';
}
