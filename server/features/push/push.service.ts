import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import { canAddPushDevice, canManagePushSubscriptions } from '../../../shared/policies/push.js';
import type { PushSubscriptionInput } from '../../../shared/push.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/push.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce } from '../../errors.js';
import { pushEndpointProblem } from './endpoint.js';

/**
 * Stores this device's subscription for the member. The endpoint must be a public push service's
 * (400 naming why not). The same endpoint subscribed again (new keys, or another account signed
 * in on the device) replaces the old row: one device, one member. A member has push on for at
 * most MAX_PUSH_DEVICES devices (409 for one more), counted under a per-member lock so two
 * subscriptions at once cannot both take the last place.
 */
export async function subscribe(
  ctx: AppContext,
  actor: Actor | null,
  input: PushSubscriptionInput,
): Promise<void> {
  enforce(canManagePushSubscriptions(actor));
  if (!actor) return;
  const problem = pushEndpointProblem(input.endpoint, ctx.config.push.allowPrivateEndpoints);
  if (problem) throw new AppError(400, problem);
  await transact(ctx.db, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`push-devices:${actor.id}`}, 0))`,
    );
    const { rows } = await tx.execute<{ others: number }>(sql`
      select count(*)::int as others from push_subscriptions
      where user_id = ${actor.id} and endpoint <> ${input.endpoint}`);
    enforce(canAddPushDevice(actor, { otherDevices: Number(rows[0]?.others ?? 0) }));
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
