import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import { canManagePushSubscriptions } from '../../../shared/policies/push.js';
import type { PushSubscriptionInput } from '../../../shared/push.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/push.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import { BAD_PUSH_ENDPOINT, isAllowedPushEndpoint } from './endpoint.js';

/** A member's devices are few; this many subscriptions each is plenty (the oldest go first). */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 20;

/**
 * Stores this device's subscription for the member. The same endpoint subscribed again (new keys,
 * or another account signed in on the device) replaces the old row: one device, one member.
 */
export async function subscribe(
  ctx: AppContext,
  actor: Actor | null,
  input: PushSubscriptionInput,
): Promise<void> {
  enforce(canManagePushSubscriptions(actor));
  if (!actor) return;
  if (!isAllowedPushEndpoint(input.endpoint, ctx.config.push.allowPrivateEndpoints)) {
    throw new AppError(400, BAD_PUSH_ENDPOINT);
  }
  await transact(ctx.db, async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({
        userId: actor.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: actor.id,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          createdAt: sql`now()`,
          lastSuccessAt: null,
        },
      });
    await tx.execute(sql`
      delete from push_subscriptions where user_id = ${actor.id} and id not in (
        select id from push_subscriptions where user_id = ${actor.id}
        order by created_at desc, id desc limit ${MAX_SUBSCRIPTIONS_PER_MEMBER})`);
  });
}

/** Forgets this device's subscription; only the member's own (another's endpoint is left be). */
export async function unsubscribe(
  ctx: AppContext,
  actor: Actor | null,
  endpoint: string,
): Promise<boolean> {
  enforce(canManagePushSubscriptions(actor));
  if (!actor) return false;
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, actor.id), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/**
 * Forgets every device of a member: a suspension, a password reset (whoever had the old password
 * may have subscribed one). In `db`, the transaction of that change.
 */
export async function removeMemberDevices(db: Executor, userId: string): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}
