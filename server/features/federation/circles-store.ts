import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { circleLegs, circles } from '../../db/schema/circles.js';
import {
  type FederatedCircleRow,
  federatedCircleMessages,
  federatedCirclePeers,
  federatedCircles,
} from '../../db/schema/federated-circles.js';
import { instances } from '../../db/schema/federation.js';
import { users } from '../../db/schema/users.js';
import { AppError } from '../../errors.js';
import type { Subscribe } from '../../infra/features.js';
import { tradesWith } from './offers-store.js';
import { actorUrl } from './paths.js';

export const CIRCLES_QUEUE = 'federation.circles';

/** A circle may include members of up to 4 instances (ours among them). */
export const CIRCLE_INSTANCES_MAX = 4;

export const CIRCLE_NEEDS_MUTUAL_FOLLOW =
  'A circle reaches members of another community only while it and this one follow each other: this one does not';
export const CIRCLE_TOO_MANY_INSTANCES = `A circle may include members of at most ${CIRCLE_INSTANCES_MAX} communities`;

export const CIRCLE_JOB_KINDS = [
  /** Coordinator → every other instance: the proposal (the Offer). */
  'offer',
  /** Coordinator → every other instance: the circle's state (an Update of the Agreement). */
  'state',
  /** Participant → coordinator: a member's accept, decline, receipt or cancellation. */
  'accept',
  'decline',
  'receipt',
  'cancel',
  /** Participant → coordinator, from its instance actor: it cannot go on (a listing not free). */
  'refuse',
  /** Participant → coordinator, from its instance actor: the state arrived (it still answers). */
  'ack',
  /** Any instance → every other instance of the circle: our member's group-chat message. */
  'note',
  /** Any instance → the rated member's instance: our member's rating of them, once completed. */
  'rate',
] as const;
export const circleJobSchema = z.object({
  circleId: z.number(),
  kind: z.enum(CIRCLE_JOB_KINDS),
  /** The member of ours whose move it is. */
  userId: z.string().optional(),
  /** `note`: the message. */
  messageId: z.number().optional(),
  /** `rate`: the rating. */
  feedbackId: z.number().optional(),
  reason: z.string().optional(),
});
export type CircleJob = z.infer<typeof circleJobSchema>;

/** The coordinator's Offer a circle arriving here is stored from (its mapping row is written with it). */
export const arrivingCircle = new AsyncLocalStorage<{ offerId: string; instanceId: number }>();

/** The Note a group-chat message arriving here is stored from (its id is written with it). */
export const arrivingCircleNote = new AsyncLocalStorage<{ noteId: string }>();

/** Set while the coordinator's state is applied here: nothing of it is sent back. */
export const settlingCircle = new AsyncLocalStorage<true>();

export async function findFederatedCircle(
  db: Executor,
  where: { offerId: string } | { circleId: number },
): Promise<FederatedCircleRow | undefined> {
  const [row] = await db
    .select()
    .from(federatedCircles)
    .where(
      'offerId' in where
        ? eq(federatedCircles.offerId, where.offerId)
        : eq(federatedCircles.circleId, where.circleId),
    );
  return row;
}

/** The other instances of a circle: those of its members who are not ours. */
export async function circleInstanceIds(db: Executor, circleId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ instanceId: users.originInstanceId })
    .from(circleLegs)
    .innerJoin(users, eq(users.id, circleLegs.giverId))
    .where(eq(circleLegs.circleId, circleId));
  return rows.flatMap((row) => (row.instanceId === null ? [] : [row.instanceId]));
}

/** Which of our members' moves travel to the coordinator, as what. */
const MOVE_SENT: Partial<Record<string, CircleJob['kind']>> = {
  accepted: 'accept',
  declined: 'decline',
  cancelled: 'cancel',
};

/**
 * Circles across instances (issue 39 §2), in the transaction of each change to a circle. Here,
 * as the coordinator (our member proposed it): a proposal naming members of other instances is
 * refused unless each of their instances and ours follow each other and they are at most 4,
 * and otherwise recorded with its Offer's id and sent; every change after it sends the circle's
 * state to every other instance. As a participant (a member of another instance proposed it):
 * our members' moves go to the coordinator, and a circle this instance calls off (a listing of
 * ours gone) is refused there; the coordinator's state applied here is never sent back.
 */
export function circleAcrossListeners(ctx: AppContext, on: Subscribe): void {
  if (!ctx.config.federation.enabled) return;
  on('circle.decided', async (tx, decided) => {
    if (decided.decision === 'proposed') {
      const arriving = arrivingCircle.getStore();
      if (arriving) {
        await tx.insert(federatedCircles).values({
          circleId: decided.circleId,
          offerId: arriving.offerId,
          coordinatorInstanceId: arriving.instanceId,
        });
        // Stored: the coordinator hears that this instance answers.
        await enqueue(ctx, tx, { circleId: decided.circleId, kind: 'ack' });
        return;
      }
      await proposeAcross(ctx, tx, decided.circleId);
      return;
    }
    if (settlingCircle.getStore()) return;
    const mapped = await findFederatedCircle(tx, { circleId: decided.circleId });
    if (!mapped) return;
    if (mapped.coordinatorInstanceId === null) {
      await sendState(ctx, tx, decided.circleId);
      return;
    }
    if (decided.actorId === null) {
      // Called off here (a listing of ours left the market), or expired while a move of ours
      // waited for the coordinator's answer: the coordinator ends it everywhere.
      if (
        decided.decision === 'cancelled' ||
        (decided.decision === 'expired' && mapped.awaitingSince !== null)
      )
        await enqueue(ctx, tx, {
          circleId: decided.circleId,
          kind: 'refuse',
          reason: await closedReason(tx, decided.circleId),
        });
      return;
    }
    const kind = MOVE_SENT[decided.decision];
    if (!kind || !(await isLocal(tx, decided.actorId))) return;
    await awaitCoordinator(tx, decided.circleId);
    await enqueue(ctx, tx, {
      circleId: decided.circleId,
      kind,
      userId: decided.actorId,
      ...(decided.reason === undefined ? {} : { reason: decided.reason }),
    });
  });
  // The group chat: our member's message goes to every other instance of the circle; one that
  // arrived as a Note keeps the Note's id beside it (unique: a second delivery stores nothing).
  on('circle.message', async (tx, posted) => {
    const arriving = arrivingCircleNote.getStore();
    if (arriving) {
      await tx
        .insert(federatedCircleMessages)
        .values({ messageId: posted.messageId, noteId: arriving.noteId });
      return;
    }
    if (!(await isLocal(tx, posted.fromUserId))) return;
    if (!(await findFederatedCircle(tx, { circleId: posted.circleId }))) return;
    await enqueue(ctx, tx, {
      circleId: posted.circleId,
      kind: 'note',
      messageId: posted.messageId,
    });
  });
  // A rating our member gives a member of another instance goes to that member's home, where it
  // shows on their profile as a rating from a completed circle.
  on('feedback.given', async (tx, given) => {
    if (!('circleId' in given)) return;
    if (!(await isLocal(tx, given.fromUserId)) || (await isLocal(tx, given.toUserId))) return;
    if (!(await findFederatedCircle(tx, { circleId: given.circleId }))) return;
    await enqueue(ctx, tx, {
      circleId: given.circleId,
      kind: 'rate',
      feedbackId: given.feedbackId,
    });
  });
  on('circle.received', async (tx, received) => {
    if (settlingCircle.getStore()) return;
    const mapped = await findFederatedCircle(tx, { circleId: received.circleId });
    if (!mapped) return;
    if (mapped.coordinatorInstanceId === null) {
      await sendState(ctx, tx, received.circleId);
      return;
    }
    if (!(await isLocal(tx, received.actorId))) return;
    await awaitCoordinator(tx, received.circleId);
    await enqueue(ctx, tx, {
      circleId: received.circleId,
      kind: 'receipt',
      userId: received.actorId,
    });
  });
}

/** As a participant: a move of ours now waits for the coordinator's state (from its first one). */
async function awaitCoordinator(tx: Transaction, circleId: number): Promise<void> {
  await tx
    .update(federatedCircles)
    .set({ awaitingSince: sql`coalesce(${federatedCircles.awaitingSince}, now())` })
    .where(eq(federatedCircles.circleId, circleId));
}

const enqueue = (ctx: AppContext, tx: Transaction, job: CircleJob) =>
  ctx.jobs.enqueue(tx, CIRCLES_QUEUE, job satisfies CircleJob);

async function isLocal(tx: Transaction, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ originInstanceId: users.originInstanceId })
    .from(users)
    .where(eq(users.id, userId));
  return row !== undefined && row.originInstanceId === null;
}

async function closedReason(tx: Transaction, circleId: number): Promise<string> {
  const [row] = await tx
    .select({ reason: circles.closedReason })
    .from(circles)
    .where(eq(circles.id, circleId));
  return row?.reason ?? 'Called off';
}

/**
 * Our member's proposal: local only unless it names members of other instances, which must each
 * trade with ours (both follows accepted, no block), at most 4 instances in all. Recorded with its
 * Offer's id (on the proposer's actor) and each other instance's row, sent after the commit.
 */
async function proposeAcross(ctx: AppContext, tx: Transaction, circleId: number): Promise<void> {
  const others = await circleInstanceIds(tx, circleId);
  if (others.length === 0) return;
  if (others.length + 1 > CIRCLE_INSTANCES_MAX) throw new AppError(409, CIRCLE_TOO_MANY_INSTANCES);
  const known = await tx.select().from(instances).where(inArray(instances.id, others));
  if (known.length !== others.length || !known.every(tradesWith))
    throw new AppError(409, CIRCLE_NEEDS_MUTUAL_FOLLOW);
  const [circle] = await tx
    .select({ proposerId: circles.proposerId })
    .from(circles)
    .where(eq(circles.id, circleId));
  if (!circle) throw new Error('a proposed circle vanished');
  const proposer = actorUrl(ctx.config.publicUrl, circle.proposerId);
  await tx.insert(federatedCircles).values({
    circleId,
    offerId: `${proposer.href}#circles/${randomUUID()}`,
    coordinatorInstanceId: null,
  });
  await tx
    .insert(federatedCirclePeers)
    .values(others.map((instanceId) => ({ circleId, instanceId })));
  await enqueue(ctx, tx, { circleId, kind: 'offer' });
}

/**
 * As the coordinator: the circle's state goes to every other instance, each now owing an answer
 * (its acknowledgement) by which the coordinator knows it still answers. `sent_at` is the oldest
 * state an instance has not answered: it moves only when the instance had answered all before.
 */
async function sendState(ctx: AppContext, tx: Transaction, circleId: number): Promise<void> {
  await tx
    .update(federatedCirclePeers)
    .set({
      sentAt: sql`case when ${federatedCirclePeers.heardAt} >= ${federatedCirclePeers.sentAt} then now() else ${federatedCirclePeers.sentAt} end`,
    })
    .where(eq(federatedCirclePeers.circleId, circleId));
  await enqueue(ctx, tx, { circleId, kind: 'state' });
}
