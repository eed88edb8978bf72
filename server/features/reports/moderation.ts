import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import { destroyUserSessions } from '../../infra/session-store.js';
import { listingsChanged } from '../items/listing-changes.js';
import { type NotificationText, notify } from '../notifications/notify.js';
import { removeMemberDevices } from '../push/push.service.js';

/**
 * The admins' two measures against a member, one path for every queue that leads to them
 * (reports on members, problems after a swap), in the caller's transaction.
 */

/** A warning: a notification (emailed per the member's settings) with the admin's words. */
export async function warnMember(
  ctx: AppContext,
  tx: Transaction,
  warning: { memberId: string; text: NotificationText; subjectKey: string },
): Promise<void> {
  await notify(ctx, tx, {
    recipientId: warning.memberId,
    type: 'account-warning',
    text: warning.text,
    link: '/terms',
    subjectKey: warning.subjectKey,
  });
}

/**
 * A suspension: sign-in refused, sessions and live streams ended, push devices forgotten,
 * listings hidden. A member already suspended is left as they are.
 */
export async function suspendMember(
  ctx: AppContext,
  tx: Transaction,
  memberId: string,
): Promise<void> {
  const [suspended] = await tx
    .update(users)
    .set({ suspendedAt: sql`coalesce(${users.suspendedAt}, now())` })
    .where(and(eq(users.id, memberId), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  if (!suspended) return;
  // Their listings leave the market everywhere it is read: search, matches, wants, alerts.
  const listed = await tx
    .select({ id: items.id, userId: items.userId })
    .from(items)
    .where(and(eq(items.userId, suspended.id), isNull(items.deletedAt)));
  await listingsChanged(ctx, tx, 'deactivated', listed);
  // Signed out everywhere, their live streams ended on every app server (which hear of the
  // suspension and the ended sessions from the database at commit), no more pushes.
  await destroyUserSessions(tx, ctx.sessionCache, suspended.id);
  await removeMemberDevices(tx, suspended.id);
}
