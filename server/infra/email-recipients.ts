import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema/users.js';

/**
 * Where a member may be emailed, asked when the email leaves (not when it was queued): their
 * address as it is now, once it has proved itself (the verification link, or a reset link
 * followed); otherwise null and no email. Anyone can register with a stranger's address: until
 * its owner follows a link, the site sends it nothing but that link (and a password reset,
 * email-queue.ts), whatever happens on the site. Every email about the site goes through here.
 */
export async function verifiedAddressOf(db: Executor, userId: string): Promise<string | null> {
  const [member] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt)));
  return member?.email ?? null;
}
