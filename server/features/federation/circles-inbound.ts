import { randomUUID } from 'node:crypto';
import type { InboxContext } from '@fedify/fedify';
import {
  Accept,
  Agreement,
  type Create,
  Note,
  type Offer,
  type Read,
  Reject,
  type Update,
} from '@fedify/vocab';
import { and, eq, inArray } from 'drizzle-orm';
import {
  CIRCLE_CANCEL_REASON_MAX_LENGTH,
  CIRCLE_MAX_SIZE,
  CIRCLE_MIN_SIZE,
  CIRCLE_PROPOSAL_DAYS,
  FINAL_CIRCLE_STATUSES,
} from '../../../shared/circles.js';
import { currentCircleStatus } from '../../../shared/policies/circles.js';
import { feedbackSchema, messageSchema } from '../../../shared/swaps.js';
import type { AppContext } from '../../context.js';
import { circleLegs } from '../../db/schema/circles.js';
import { federatedCirclePeers, federatedCircles } from '../../db/schema/federated-circles.js';
import type { InstanceRow } from '../../db/schema/federation.js';
import { items } from '../../db/schema/items.js';
import { users } from '../../db/schema/users.js';
import { AppError, uniqueViolation } from '../../errors.js';
import { postMessage } from '../chat/chat.service.js';
import { circleChat } from '../circles/circles.chat.js';
import { findCircleRecord } from '../circles/circles.queries.js';
import {
  cancelCircle,
  confirmReceipt,
  decideCircle,
  endCircle,
  settleCircle,
  storeCircle,
} from '../circles/circles.service.js';
import { createFeedback } from '../feedback/feedback.service.js';
import { RefusedCircle, readCircleLegs, readCircleState } from './circles-object.js';
import {
  arrivingCircle,
  arrivingCircleNote,
  CIRCLE_INSTANCES_MAX,
  CIRCLES_QUEUE,
  type CircleJob,
  circleInstanceIds,
  findFederatedCircle,
  settlingCircle,
} from './circles-store.js';
import { findInstance, findInstanceByHost, hostOf } from './instances.js';
import { tradesWith } from './offers-store.js';
import { INSTANCE_IDENTIFIER } from './paths.js';
import { NotYet } from './swaps-inbound.js';
import { offerIdOfAgreement, readSwapNote, type SwapNote } from './swaps-object.js';

type Inbox = InboxContext<AppContext>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Our listing's id from its object's id (our `/item/N`), or undefined for any other. */
function ourListingId(publicUrl: string, href: string): number | undefined {
  const url = new URL(href);
  const match =
    url.host === new URL(publicUrl).host ? /^\/item\/(\d{1,10})$/.exec(url.pathname) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * The local id of each listing a circle names: one of ours, or the copy we hold of another
 * instance's, whose instance must trade with ours (both follows, no block). A listing we do not
 * hold is refused: an instance that follows its home holds it.
 */
async function legListings(ctx: AppContext, hrefs: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const href of hrefs) {
    const ours = ourListingId(ctx.config.publicUrl, href);
    const [row] = await ctx.db
      .select({ id: items.id, originInstanceId: items.originInstanceId })
      .from(items)
      .where(ours === undefined ? eq(items.originUrl, href) : eq(items.id, ours));
    if (!row || (ours !== undefined && row.originInstanceId !== null))
      throw new RefusedCircle('a listing of the circle is not known here');
    ids.push(row.id);
  }
  return ids;
}

/**
 * A circle proposed by a member of an instance we trade with, which coordinates it: stored as a
 * circle of ours under every rule of a circle proposed here (storeCircle: our listings on the
 * market and free, no block among the members, each step a want), with the members of other
 * instances as their rows here. Every instance of it must trade with ours, at most 4 in all, and
 * one listing at least must be ours. A refused one is answered with a Reject of its Agreement
 * from our instance, and the coordinator ends it everywhere. The same Offer twice is stored once.
 */
export async function onCircleOffer(ctx: AppContext, context: Inbox, offer: Offer): Promise<void> {
  const sender = offer.actorId;
  const offerId = offer.id;
  if (!sender || !offerId || hostOf(offerId) !== hostOf(sender)) return;
  const instance = await findInstanceByHost(ctx.db, hostOf(sender));
  if (!instance || instance.blocked) return;
  if (!tradesWith(instance)) {
    // Known, not blocked, but not following both ways: told, so that its circle does not wait.
    ctx.log.info({ offer: offerId.href }, 'Refused a circle from an instance we do not trade with');
    await refuseProposal(context, instance, offerId, 'these communities do not follow each other');
    return;
  }
  if (await findFederatedCircle(ctx.db, { offerId: offerId.href })) return;
  try {
    const agreement = await offer.getObject();
    if (!(agreement instanceof Agreement)) throw new RefusedCircle('a circle of no Agreement');
    if (agreement.attributionId?.href !== sender.href)
      throw new RefusedCircle('an Agreement must be its sender’s');
    const hrefs = await readCircleLegs(agreement);
    if (hrefs.length < CIRCLE_MIN_SIZE || hrefs.length > CIRCLE_MAX_SIZE)
      throw new RefusedCircle(`a circle has ${CIRCLE_MIN_SIZE} to ${CIRCLE_MAX_SIZE} listings`);
    const ids = await legListings(ctx, hrefs);
    const owners = await ctx.db
      .select({
        itemId: items.id,
        userId: users.id,
        actorUrl: users.actorUrl,
        instanceId: users.originInstanceId,
      })
      .from(items)
      .innerJoin(users, eq(users.id, items.userId))
      .where(inArray(items.id, ids));
    const others = [
      ...new Set(owners.flatMap((o) => (o.instanceId === null ? [] : [o.instanceId]))),
    ];
    if (owners.every((o) => o.instanceId !== null))
      throw new RefusedCircle('a circle with no listing of this instance');
    if (others.length + 1 > CIRCLE_INSTANCES_MAX)
      throw new RefusedCircle(`a circle spans at most ${CIRCLE_INSTANCES_MAX} instances`);
    for (const id of others)
      if (!tradesWith(await findInstance(ctx.db, id)))
        throw new RefusedCircle('a member’s instance does not follow this one both ways');
    const proposer = owners.find((o) => o.actorUrl === sender.href);
    if (!proposer) throw new RefusedCircle('its proposer gives no listing of it');
    const until = agreement.endTime?.epochMilliseconds ?? Number.POSITIVE_INFINITY;
    const expiresAt = new Date(Math.min(until, Date.now() + CIRCLE_PROPOSAL_DAYS * DAY_MS));
    await arrivingCircle.run({ offerId: offerId.href, instanceId: instance.id }, () =>
      storeCircle(ctx, { id: proposer.userId, isAdmin: false }, ids, expiresAt),
    );
  } catch (error) {
    // The same Offer delivered twice at once: the other delivery stored it.
    if (uniqueViolation(error) === 'federated_circles_offer_id_idx') return;
    if (!(error instanceof RefusedCircle || error instanceof AppError)) throw error;
    ctx.log.info(
      { instance: instance.host, offer: offerId.href, reason: error.message },
      'Refused a circle of another instance',
    );
    await refuseProposal(context, instance, offerId, error.message);
  }
}

/** Our instance cannot take part in a circle it did not store: a Reject of its Agreement. */
async function refuseProposal(
  context: Inbox,
  instance: InstanceRow,
  offerId: URL,
  reason: string,
): Promise<void> {
  const me = context.getActorUri(INSTANCE_IDENTIFIER);
  await context.sendActivity(
    { identifier: INSTANCE_IDENTIFIER },
    {
      id: new URL(instance.actorUrl),
      inboxId: new URL(instance.sharedInboxUrl ?? instance.inboxUrl),
      endpoints: null,
    },
    new Reject({
      id: new URL(`#circle-refuse/${randomUUID()}`, me),
      actor: me,
      to: new URL(instance.actorUrl),
      object: new URL(`${offerId.href}/agreement`),
      content: reason,
    }),
  );
}

/**
 * The coordinator's state of a circle we take part in (an Update of its Agreement from its
 * instance actor, and from no one else): applied here (settleCircle), acknowledged; a listing of
 * ours no longer free when it is agreed is refused back. False when it names no circle here.
 */
export async function onCircleUpdate(ctx: AppContext, update: Update): Promise<boolean> {
  // By its id first: an offer's Agreement (swaps-inbound.ts) may be of another origin than its
  // Update, which Fedify would fetch afresh if its object were read here.
  const named = update.objectId?.href;
  const offerId = named ? offerIdOfAgreement(named) : undefined;
  const mapped = offerId ? await findFederatedCircle(ctx.db, { offerId }) : undefined;
  if (!mapped) return false;
  const object = await update.getObject().catch(() => null);
  if (!(object instanceof Agreement)) return false;
  const ignore = (reason: string) => {
    ctx.log.info(
      { activity: update.id?.href, circle: offerId, reason },
      'Ignored a circle’s state',
    );
    return true;
  };
  if (mapped.coordinatorInstanceId === null) return ignore('we coordinate this circle');
  const coordinator = await findInstance(ctx.db, mapped.coordinatorInstanceId);
  if (!coordinator || coordinator.blocked) return ignore('a blocked instance');
  if (update.actorId?.href !== coordinator.actorUrl) return ignore('not from its coordinator');
  const record = await findCircleRecord(ctx.db, mapped.circleId);
  if (!record) return ignore('the circle is gone');
  let state: Awaited<ReturnType<typeof readCircleState>>;
  try {
    state = await readCircleState(object, record.legs.length);
  } catch (error) {
    if (error instanceof RefusedCircle) return ignore(error.message);
    throw error;
  }
  const job = (kind: CircleJob['kind'], reason?: string) =>
    ctx.jobs.enqueue(ctx.db, CIRCLES_QUEUE, {
      circleId: mapped.circleId,
      kind,
      ...(reason === undefined ? {} : { reason }),
    } satisfies CircleJob);
  // The coordinator is back after we gave up waiting for it: it hears that the circle ended here,
  // so that it ends it everywhere (our refusal sent then may have outlived its retries).
  if (
    record.circle.status === 'expired' &&
    mapped.awaitingSince !== null &&
    !FINAL_CIRCLE_STATUSES.includes(state.status)
  ) {
    await job('refuse', record.circle.closedReason ?? undefined);
    return true;
  }
  const refused = await settlingCircle.run(true, () => settleCircle(ctx, mapped.circleId, state));
  if (await answersAllKnown(ctx, mapped.circleId, state))
    await ctx.db
      .update(federatedCircles)
      .set({ awaitingSince: null })
      .where(eq(federatedCircles.circleId, mapped.circleId));
  if (refused) await job('refuse', refused.refused);
  await job('ack');
  return true;
}

/**
 * Whether the coordinator's state answers every move known here (a state it sent before our
 * member's move arrived there does not): only then does this instance stop waiting for it.
 */
async function answersAllKnown(
  ctx: AppContext,
  circleId: number,
  state: Awaited<ReturnType<typeof readCircleState>>,
): Promise<boolean> {
  if (FINAL_CIRCLE_STATUSES.includes(state.status)) return true;
  const legs = await ctx.db
    .select({
      position: circleLegs.position,
      decision: circleLegs.decision,
      receivedAt: circleLegs.receivedAt,
    })
    .from(circleLegs)
    .where(eq(circleLegs.circleId, circleId));
  return legs.every(
    (leg) =>
      (leg.decision === 'pending' || state[leg.decision].includes(leg.position)) &&
      (leg.receivedAt === null || state.received.includes(leg.position)),
  );
}

/**
 * As the coordinator, an answer about a circle from another of its instances: its member's
 * accept or decline (an Accept or Reject of the Offer), receipt (an Accept of the Agreement) or
 * cancellation (a Reject of the Agreement), applied as that member's own move under every rule of
 * a move made here; or its instance's refusal (a Reject of the Agreement from its actor), which
 * ends the circle, or acknowledgement (a Read). Anyone but a member of the circle on that
 * instance, or that instance, is ignored; a move applied twice changes nothing the second time.
 * False when it names no circle here.
 */
export async function onCircleAnswer(
  ctx: AppContext,
  activity: Accept | Reject | Read,
): Promise<boolean> {
  const named = activity.objectId?.href;
  if (!named) return false;
  const ofAgreement = offerIdOfAgreement(named);
  const mapped = await findFederatedCircle(ctx.db, { offerId: ofAgreement ?? named });
  if (!mapped) return false;
  const circleId = mapped.circleId;
  const ignore = (reason: string) => {
    ctx.log.info(
      { activity: activity.id?.href, circle: mapped.offerId, reason },
      'Ignored a circle answer',
    );
    return true;
  };
  if (mapped.coordinatorInstanceId !== null) return ignore('another instance coordinates it');
  const actor = activity.actorId;
  if (!actor) return ignore('no actor');
  const instance = await findInstanceByHost(ctx.db, hostOf(actor));
  if (!instance || instance.blocked) return ignore('a blocked or unknown instance');
  if (!(await circleInstanceIds(ctx.db, circleId)).includes(instance.id))
    return ignore('an instance with no member in the circle');
  await ctx.db
    .update(federatedCirclePeers)
    .set({ heardAt: new Date() })
    .where(
      and(
        eq(federatedCirclePeers.circleId, circleId),
        eq(federatedCirclePeers.instanceId, instance.id),
      ),
    );
  if (actor.href === instance.actorUrl) {
    if (activity instanceof Reject && ofAgreement) {
      const reason = activity.content?.toString().slice(0, CIRCLE_CANCEL_REASON_MAX_LENGTH);
      await endCircle(
        ctx,
        circleId,
        'refused',
        `Refused by ${instance.host}: ${reason || 'no reason given'}`,
      );
    }
    return true;
  }
  const [member] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(circleLegs, eq(circleLegs.giverId, users.id))
    .where(
      and(
        eq(users.actorUrl, actor.href),
        eq(users.originInstanceId, instance.id),
        eq(circleLegs.circleId, circleId),
      ),
    );
  if (!member) return ignore('not a member of the circle');
  const who = { id: member.id, isAdmin: false };
  try {
    if (activity instanceof Accept && !ofAgreement)
      await decideCircle(ctx, who, circleId, 'accept');
    else if (activity instanceof Reject && !ofAgreement)
      await decideCircle(ctx, who, circleId, 'decline');
    else if (activity instanceof Accept) await confirmReceipt(ctx, who, circleId);
    else if (activity instanceof Reject) {
      const words =
        activity.content
          ?.toString()
          .replace(/<[^>]*>/g, '')
          .trim() ?? '';
      await cancelCircle(
        ctx,
        who,
        circleId,
        words.slice(0, CIRCLE_CANCEL_REASON_MAX_LENGTH) || 'No reason given',
      );
    } else return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const record = await findCircleRecord(ctx.db, circleId);
    const leg = record?.legs.find((l) => l.giverId === member.id);
    // Their accept, decided at home, cannot hold here (a listing no longer free): the circle ends.
    if (
      activity instanceof Accept &&
      !ofAgreement &&
      record &&
      leg?.decision === 'pending' &&
      currentCircleStatus(record.circle, new Date()) === 'proposed'
    )
      await endCircle(ctx, circleId, 'refused', error.message);
    return ignore(error.message);
  }
  return true;
}

/**
 * A `Create` of a Note in reply to a circle's Offer: a message of a member of the circle, from
 * their own instance, stored in its group chat as theirs (the chat service: participants,
 * blocks, size, the message allowance; notifications and live events as for a local one). It
 * must be addressed to the circle's other members and no one else (nothing public). The same
 * Note twice is stored once. False when the Note names no circle here.
 */
export async function onCircleNote(
  ctx: AppContext,
  context: Inbox,
  create: Create,
): Promise<boolean> {
  const note = await create.getObject().catch(() => null);
  if (!(note instanceof Note)) return false;
  const named = note.replyTargetId?.href;
  const mapped = named ? await findFederatedCircle(ctx.db, { offerId: named }) : undefined;
  if (!mapped) return false;
  const refuse = (reason: string): true => {
    ctx.log.info({ activity: create.id?.href, circle: named, reason }, 'Refused a circle message');
    return true;
  };
  const actor = create.actorId;
  if (!actor || !note.id || note.attributionId?.href !== actor.href)
    return refuse('a Note must be its sender’s');
  const instance = await findInstanceByHost(ctx.db, hostOf(actor));
  if (!tradesWith(instance)) return refuse('an instance we do not trade with');
  const members = await ctx.db
    .select({ id: users.id, actorUrl: users.actorUrl, instanceId: users.originInstanceId })
    .from(circleLegs)
    .innerJoin(users, eq(users.id, circleLegs.giverId))
    .where(eq(circleLegs.circleId, mapped.circleId));
  const author = members.find((m) => m.actorUrl === actor.href && m.instanceId === instance.id);
  if (!author) return refuse('not a member of the circle');
  const read = await readSwapNote(note);
  if (read && read.rating !== null)
    return onCircleRating(ctx, context, mapped.circleId, author.id, members, read, refuse);
  const others = new Set(
    members
      .filter((m) => m.id !== author.id)
      .map((m) => m.actorUrl ?? context.getActorUri(m.id).href),
  );
  const to = [...note.toIds, ...note.ccIds, ...note.btoIds, ...note.bccIds].map((u) => u.href);
  if (to.length !== others.size || !to.every((href) => others.has(href)))
    return refuse('a circle’s message goes to its other members only');
  const source = note.source;
  const text =
    source?.content && source.mediaType === 'text/plain'
      ? source.content.toString()
      : (note.content?.toString().replace(/<[^>]*>/g, '') ?? '');
  const message = messageSchema.safeParse({ content: text });
  if (!message.success) return refuse(message.error.issues[0]?.message ?? 'a bad message');
  try {
    await arrivingCircleNote.run({ noteId: note.id.href }, () =>
      postMessage(
        ctx,
        circleChat,
        { id: author.id, isAdmin: false },
        mapped.circleId,
        message.data.content,
      ),
    );
  } catch (error) {
    // The same Note delivered twice at once: the other delivery stored it.
    if (uniqueViolation(error)) return true;
    if (!(error instanceof AppError)) throw error;
    return refuse(error.message);
  }
  return true;
}

/**
 * A member of another instance rates our member after a circle: stored as their rating given
 * here (the feedback service: a completed circle, a member of it, once per rated member), so it
 * shows on our member's profile. It goes to the rated member only. A rating that finds the circle
 * not yet completed here (the coordinator's state on its way) is applied again after Fedify's
 * back-off.
 */
async function onCircleRating(
  ctx: AppContext,
  context: Inbox,
  circleId: number,
  authorId: string,
  members: readonly { id: string; instanceId: number | null }[],
  read: SwapNote,
  refuse: (reason: string) => true,
): Promise<true> {
  const to = read.to.length === 1 ? read.to[0] : undefined;
  const rated = members.find(
    (m) => m.instanceId === null && m.id !== authorId && to === context.getActorUri(m.id).href,
  );
  if (!rated) return refuse('a rating goes to one member of ours in the circle, only to them');
  const rating = feedbackSchema.safeParse({
    toUserId: rated.id,
    circleId,
    rating: read.rating,
    comment: read.text,
  });
  if (!rating.success) return refuse(rating.error.issues[0]?.message ?? 'a bad rating');
  const record = await findCircleRecord(ctx.db, circleId);
  if (record && currentCircleStatus(record.circle, new Date()) === 'accepted')
    throw new NotYet('a rating of a circle not completed here yet: applied again later');
  try {
    await createFeedback(ctx, { id: authorId, isAdmin: false }, rating.data);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(error.message);
  }
  return true;
}
