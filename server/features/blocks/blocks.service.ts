import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../shared/policies/decision.js';
import { canBlockMember, canContactMember } from '../../../shared/policies/members.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { blocks } from '../../db/schema/blocks.js';
import { users } from '../../db/schema/users.js';
import { AppError, enforce } from '../../errors.js';
import { type BlockRow, blockedEitherWay, findBlocks } from './blocks.queries.js';

async function requireMember(ctx: AppContext, id: string): Promise<void> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError(404, 'User not found');
}

/** Blocks `memberId` (again is fine). Both members' matches may change: they are told. */
export async function blockMember(ctx: AppContext, actor: Actor, memberId: string): Promise<void> {
  enforce(canBlockMember(actor, memberId));
  await requireMember(ctx, memberId);
  await ctx.db
    .insert(blocks)
    .values({ blockerId: actor.id, blockedId: memberId })
    .onConflictDoNothing();
  await ctx.events.publish([actor.id, memberId], { type: 'matches' });
}

export async function unblockMember(
  ctx: AppContext,
  actor: Actor,
  memberId: string,
): Promise<void> {
  enforce(canBlockMember(actor, memberId));
  await ctx.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, actor.id), eq(blocks.blockedId, memberId)));
  await ctx.events.publish([actor.id, memberId], { type: 'matches' });
}

export function listBlocks(ctx: AppContext, actor: Actor): Promise<BlockRow[]> {
  return findBlocks(ctx.db, actor.id);
}

/**
 * Refuses (403, "You cannot contact this member") when a block stands between `actorId` and
 * any of `others`, in either direction. Offers, counter-offers, messages and circles ask it.
 */
export async function requireCanContact(
  db: Executor,
  actorId: string,
  others: readonly string[],
): Promise<void> {
  for (const other of others) {
    if (other === actorId) continue;
    enforce(canContactMember(await blockedEitherWay(db, actorId, other)));
  }
}
