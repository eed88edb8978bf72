import { randomUUID } from 'node:crypto';
import { Accept, type Activity, Create, Note, Read, Reject, Source, Update } from '@fedify/vocab';
import { eq, inArray } from 'drizzle-orm';
import { currentCircleStatus } from '../../../shared/policies/circles.js';
import type { AppContext } from '../../context.js';
import { circleMessages } from '../../db/schema/circles.js';
import { instances } from '../../db/schema/federation.js';
import { feedback } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { type CircleRecord, findCircleRecord } from '../circles/circles.queries.js';
import type { CoordinatorState } from '../circles/circles.service.js';
import { circleOffer, circleStateAgreement } from './circles-object.js';
import { circleInstanceIds, circleJobSchema, findFederatedCircle } from './circles-store.js';
import { findInstance, recipientOf } from './instances.js';
import { textToHtml } from './listing-object.js';
import { objectIdsOf } from './offers-send.js';
import { INSTANCE_IDENTIFIER } from './paths.js';
import { federationContext } from './runtime.js';
import { agreementIdOf, swapNote } from './swaps-object.js';

/** The state of a circle as its coordinator says it, legs by position. */
export function stateOf(record: CircleRecord): CoordinatorState {
  const positions = (pick: (leg: CircleRecord['legs'][number]) => boolean) =>
    record.legs.filter(pick).map((leg) => leg.position);
  return {
    status: currentCircleStatus(record.circle, new Date()),
    accepted: positions((leg) => leg.decision === 'accepted'),
    declined: positions((leg) => leg.decision === 'declined'),
    received: positions((leg) => leg.receivedAt !== null),
    reason: record.circle.closedReason,
  };
}

/**
 * Tells the other instances of a circle across instances what happened here (circles-store.ts
 * queued it). As the coordinator: the proposal (an Offer from the proposer) and each state after
 * it (an Update of its Agreement from our instance actor), to every other instance of it. As a
 * participant, to the coordinator: our member's accept or decline (an Accept or Reject of the
 * Offer), receipt (an Accept of the Agreement) or cancellation (a Reject of the Agreement, with
 * the reason); our instance's refusal (a Reject of the Agreement from its actor) and its
 * acknowledgement of a state (a Read of the Agreement). Through Fedify's queue: signed, retried
 * for about 48 hours.
 */
export async function runCircleJob(ctx: AppContext, payload: unknown): Promise<void> {
  const job = circleJobSchema.parse(payload);
  const mapped = await findFederatedCircle(ctx.db, { circleId: job.circleId });
  const record = await findCircleRecord(ctx.db, job.circleId);
  if (!mapped || !record) return;
  const context = federationContext(ctx);
  const offerId = new URL(mapped.offerId);
  const agreementId = new URL(agreementIdOf(mapped.offerId));
  const listings = await objectIdsOf(
    ctx,
    record.legs.map((leg) => leg.itemId),
  );

  if (job.kind === 'note') {
    await sendNote(ctx, record, mapped.offerId, job.messageId);
    return;
  }
  if (job.kind === 'rate') {
    await sendRating(ctx, mapped.offerId, job.feedbackId);
    return;
  }

  if (job.kind === 'offer' || job.kind === 'state') {
    if (mapped.coordinatorInstanceId !== null) return;
    const ids = await circleInstanceIds(ctx.db, job.circleId);
    const peers = (await ctx.db.select().from(instances).where(inArray(instances.id, ids))).filter(
      (instance) => !instance.blocked,
    );
    if (peers.length === 0) return;
    const members = await ctx.db
      .select({ actorUrl: users.actorUrl })
      .from(users)
      .where(
        inArray(
          users.id,
          record.legs.map((leg) => leg.giverId),
        ),
      );
    const tos = members.flatMap((member) => (member.actorUrl ? [new URL(member.actorUrl)] : []));
    const sender = job.kind === 'offer' ? record.circle.proposerId : INSTANCE_IDENTIFIER;
    const me = context.getActorUri(sender);
    const activity: Activity =
      job.kind === 'offer'
        ? circleOffer({
            id: offerId,
            proposer: me,
            members: tos,
            listings,
            expiresAt: record.circle.expiresAt,
          })
        : new Update({
            id: new URL(`#circle-state/${randomUUID()}`, me),
            actor: me,
            tos,
            object: circleStateAgreement({
              offerId: mapped.offerId,
              listings,
              state: stateOf(record),
            }),
          });
    await context.sendActivity({ identifier: sender }, peers.map(recipientOf), activity, {
      preferSharedInbox: true,
    });
    return;
  }

  const coordinator = await findInstance(ctx.db, mapped.coordinatorInstanceId ?? -1);
  if (!coordinator || coordinator.blocked) return;
  const identifier = job.userId ?? INSTANCE_IDENTIFIER;
  if (job.kind !== 'refuse' && job.kind !== 'ack' && !job.userId) return;
  const me = context.getActorUri(identifier);
  const to = new URL(coordinator.actorUrl);
  const id = new URL(`#circle-${job.kind}/${randomUUID()}`, me);
  const reason = job.reason ?? null;
  const activity: Activity =
    job.kind === 'accept'
      ? new Accept({ id, actor: me, to, object: offerId })
      : job.kind === 'decline'
        ? new Reject({ id, actor: me, to, object: offerId })
        : job.kind === 'receipt'
          ? new Accept({ id, actor: me, to, object: agreementId })
          : job.kind === 'ack'
            ? new Read({ id, actor: me, to, object: agreementId })
            : new Reject({ id, actor: me, to, object: agreementId, content: reason });
  await context.sendActivity({ identifier }, recipientOf(coordinator), activity, {
    preferSharedInbox: true,
  });
}

/**
 * Our member's rating of a member of another instance after a circle: a direct Note from them to
 * the rated member only, in reply to the circle's Offer, its stars in a tag as a swap's rating
 * (swapNote), delivered to the rated member's instance only.
 */
async function sendRating(
  ctx: AppContext,
  offerId: string,
  feedbackId: number | undefined,
): Promise<void> {
  if (feedbackId === undefined) return;
  const [rating] = await ctx.db
    .select({
      fromUserId: feedback.fromUserId,
      rating: feedback.rating,
      comment: feedback.comment,
      ratedActor: users.actorUrl,
      ratedInstance: users.originInstanceId,
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.toUserId))
    .where(eq(feedback.id, feedbackId));
  if (!rating?.ratedActor || rating.ratedInstance === null) return;
  const instance = await findInstance(ctx.db, rating.ratedInstance);
  if (!instance || instance.blocked) return;
  const context = federationContext(ctx);
  const me = context.getActorUri(rating.fromUserId);
  const peer = new URL(rating.ratedActor);
  await context.sendActivity(
    { identifier: rating.fromUserId },
    recipientOf(instance),
    new Create({
      id: new URL(`#create/${randomUUID()}`, me),
      actor: me,
      to: peer,
      object: swapNote({
        id: new URL(`#circle-rates/${randomUUID()}`, me),
        author: me,
        peer,
        offerId: new URL(offerId),
        text: rating.comment ?? '',
        rating: rating.rating,
      }),
    }),
    { preferSharedInbox: true },
  );
}

/**
 * Our member's message in a circle's group chat: a direct Note from them, addressed to the
 * circle's other members only (nothing public), in reply to the circle's Offer, to every other
 * instance of the circle.
 */
async function sendNote(
  ctx: AppContext,
  record: CircleRecord,
  offerId: string,
  messageId: number | undefined,
): Promise<void> {
  if (messageId === undefined) return;
  const [message] = await ctx.db
    .select({ fromUserId: circleMessages.fromUserId, content: circleMessages.content })
    .from(circleMessages)
    .where(eq(circleMessages.id, messageId));
  if (!message) return;
  const context = federationContext(ctx);
  const ids = await circleInstanceIds(ctx.db, record.circle.id);
  const peers = (await ctx.db.select().from(instances).where(inArray(instances.id, ids))).filter(
    (instance) => !instance.blocked,
  );
  if (peers.length === 0) return;
  const me = context.getActorUri(message.fromUserId);
  const others = await ctx.db
    .select({ id: users.id, actorUrl: users.actorUrl })
    .from(users)
    .where(
      inArray(
        users.id,
        record.legs.map((leg) => leg.giverId),
      ),
    );
  const tos = others
    .filter((member) => member.id !== message.fromUserId)
    .map((member) => new URL(member.actorUrl ?? context.getActorUri(member.id).href));
  const circle = new URL(offerId);
  await context.sendActivity(
    { identifier: message.fromUserId },
    peers.map(recipientOf),
    new Create({
      id: new URL(`#create/${randomUUID()}`, me),
      actor: me,
      tos,
      object: new Note({
        id: new URL(`#circle-notes/${randomUUID()}`, me),
        attribution: me,
        tos,
        replyTarget: circle,
        contexts: [circle],
        content: textToHtml(message.content),
        mediaType: 'text/html',
        source: new Source({ content: message.content, mediaType: 'text/plain' }),
      }),
    }),
    { preferSharedInbox: true },
  );
}
