import { eq, inArray } from 'drizzle-orm';
import { notChosenText } from '../../../shared/giveaways.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { feedback, swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import type { DomainEvents } from '../../infra/domain-hooks.js';

type CircleDecided = DomainEvents['circle.decided'];
type RoundPhase = DomainEvents['round.phase'];
type SwapChange = DomainEvents['swap.changed'];

import type { Subscribe } from '../../infra/features.js';
import { nameOf } from '../users/member-name.js';
import { type NewNotification, notify } from './notify.js';

/** A title inside a sentence: quoted, and short enough for a subject line. */
const quoted = (title: string) => `“${title.length > 60 ? `${title.slice(0, 59)}…` : title}”`;

async function titleOf(tx: Transaction, itemId: number): Promise<string> {
  return (await listingOf(tx, itemId)).title;
}

/** A listing's title as a sentence quotes it, and whether it is a give-away (asked for, not swapped). */
async function listingOf(
  tx: Transaction,
  itemId: number,
): Promise<{ title: string; giveaway: boolean }> {
  const [row] = await tx
    .select({ title: items.title, mode: items.mode })
    .from(items)
    .where(eq(items.id, itemId));
  return row
    ? { title: quoted(row.title), giveaway: row.mode === 'giveaway' }
    : { title: 'a listing', giveaway: false };
}

/**
 * Who hears of an offer's move, and in what words; null for moves nobody is told of. A request
 * for a give-away is spoken of as a request (asked for, accepted, given), never as an offer or a
 * swap; the swap texts are the spec's and stay as they are.
 */
async function swapNotification(
  tx: Transaction,
  change: SwapChange,
): Promise<NewNotification | null> {
  const actor = await nameOf(tx, change.actorId);
  const { title, giveaway } = await listingOf(tx, change.itemId);
  const about = {
    link: '/my-offers',
    subjectKey: `swap:${change.swapRequestId}`,
    actorId: change.actorId,
  };
  const other = change.actorId === change.fromUserId ? change.toUserId : change.fromUserId;
  if (change.from === null) {
    // A counter-offer is announced once, by the 'countered' move of the offer it answers.
    return change.counterOfId
      ? null
      : {
          ...about,
          recipientId: change.toUserId,
          type: 'offer-received',
          text: giveaway
            ? `${actor} asked for your give-away ${title}`
            : `${actor} made an offer on your listing ${title}`,
        };
  }
  switch (change.to) {
    case 'accepted':
      return {
        ...about,
        recipientId: other,
        type: 'offer-accepted',
        text: giveaway
          ? `${actor} accepted your request for ${title}`
          : `${actor} accepted your offer on ${title}`,
      };
    case 'rejected':
      if (change.notChosen)
        return {
          ...about,
          recipientId: change.fromUserId,
          type: 'request-not-chosen',
          text: notChosenText(title),
        };
      return {
        ...about,
        recipientId: other,
        type: 'offer-rejected',
        text: giveaway
          ? `${actor} declined your request for ${title}`
          : `${actor} declined your offer on ${title}`,
      };
    case 'completed':
      return {
        ...about,
        recipientId: other,
        type: 'offer-completed',
        text: giveaway
          ? `${actor} marked the give-away of ${title} as completed. You can rate them now.`
          : `${actor} marked your swap of ${title} as completed. You can rate them now.`,
      };
    case 'countered':
      return {
        ...about,
        recipientId: other,
        type: 'offer-countered',
        text: `${actor} answered your offer on ${title} with a counter-offer`,
      };
    case 'withdrawn':
      return {
        ...about,
        recipientId: other,
        type: 'offer-withdrawn',
        text: giveaway
          ? `${actor} withdrew their request for ${title}`
          : `${actor} withdrew their offer on ${title}`,
      };
    case 'cancelled':
      return {
        ...about,
        recipientId: other,
        type: 'offer-cancelled',
        text: `${actor} ${
          giveaway ? 'cancelled the accepted request for' : 'cancelled your accepted swap of'
        } ${title}: ${change.reason ?? 'no reason given'}`,
      };
    default:
      return null;
  }
}

const CIRCLE_WORDS: Record<CircleDecided['decision'], string> = {
  proposed: 'proposed a swap circle with you: see who gives what to whom',
  accepted: 'accepted their part in a swap circle you are in',
  declined: 'declined a swap circle you are in; it will not go ahead',
  confirmed: 'Everyone accepted: your swap circle is confirmed',
  cancelled: 'A swap circle you were in was cancelled',
  expired: 'A swap circle you were in expired before everyone answered',
  completed: 'Your swap circle is complete: rate the members you swapped with',
};
/** Decisions announced with the name of the member who made them. */
const PERSONAL_DECISIONS: ReadonlyArray<CircleDecided['decision']> = [
  'proposed',
  'accepted',
  'declined',
];

const ROUND_WORDS: Record<RoundPhase['phase'], string> = {
  open: 'is open: add your want lists',
  'closing-soon': 'closes soon: check your want lists',
  closed: 'is closed; results follow',
  results: 'has its results: see what you swap',
  ended: 'has ended',
};

/**
 * The notifications the domain events cause, each written in the transaction of its event.
 * Matches, circles and rounds announce through the events named in infra/domain-hooks.ts (or
 * call `notify` themselves); this is where their words live.
 */
export function notificationListeners(ctx: AppContext, on: Subscribe): void {
  on('swap.changed', async (tx, change) => {
    const notification = await swapNotification(tx, change);
    if (notification) await notify(ctx, tx, notification);
  });

  on('message.posted', async (tx, message) => {
    const [swap] = await tx
      .select({ itemId: swapRequests.itemId })
      .from(swapRequests)
      .where(eq(swapRequests.id, message.swapRequestId));
    const title = swap ? await titleOf(tx, swap.itemId) : 'your offer';
    await notify(ctx, tx, {
      recipientId: message.toUserId,
      type: 'message',
      text: `${await nameOf(tx, message.fromUserId)} sent you a message about ${title}`,
      link: '/my-offers',
      subjectKey: `conversation:${message.swapRequestId}`,
      actorId: message.fromUserId,
    });
  });

  on('feedback.given', async (tx, given) => {
    const [row] = await tx
      .select({ rating: feedback.rating })
      .from(feedback)
      .where(eq(feedback.id, given.feedbackId));
    const stars = row ? `${row.rating} star${row.rating === 1 ? '' : 's'}` : 'a rating';
    await notify(ctx, tx, {
      recipientId: given.toUserId,
      type: 'rating',
      text: `${await nameOf(tx, given.fromUserId)} rated your swap with ${stars}`,
      link: `/profile/${given.toUserId}`,
      subjectKey: `feedback:${given.feedbackId}`,
      actorId: given.fromUserId,
    });
  });

  on('listing.removed', async (tx, removed) => {
    await notify(ctx, tx, {
      recipientId: removed.ownerId,
      type: 'listing-removed',
      text: `A moderator removed your listing ${quoted(removed.title)}. Reason: ${removed.reason}`,
      link: '/profile',
      subjectKey: `listing:${removed.itemId}`,
    });
  });

  on('match.found', async (tx, found) => {
    const title = await titleOf(tx, found.itemId);
    await notify(ctx, tx, {
      recipientId: found.userId,
      type: 'match',
      text:
        found.kind === 'mutual'
          ? `New mutual match: someone wants your ${title} and has something you want`
          : `A new swap circle includes your ${title}`,
      link: found.link,
      subjectKey: found.subjectKey,
    });
  });

  on('circle.decided', async (tx, decided) => {
    const actor = decided.actorId ? await nameOf(tx, decided.actorId) : null;
    const words = CIRCLE_WORDS[decided.decision];
    const text = PERSONAL_DECISIONS.includes(decided.decision)
      ? `${actor ?? 'A member'} ${words}`
      : words;
    const recipients = decided.userIds.filter((id) => id !== decided.actorId);
    await notify(
      ctx,
      tx,
      recipients.map((recipientId) => ({
        recipientId,
        type: 'circle' as const,
        text,
        link: decided.link,
        subjectKey: `circle:${decided.circleId}:${decided.decision}`,
        actorId: decided.actorId,
      })),
    );
  });

  on('round.phase', async (tx, round) => {
    if (round.userIds.length === 0) return;
    const title = quoted(round.title);
    // A participant may have left since they joined.
    const present = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, round.userIds));
    await notify(
      ctx,
      tx,
      present.map(({ id }) => ({
        recipientId: id,
        type: 'round' as const,
        text: `The swap round ${title} ${ROUND_WORDS[round.phase]}`,
        link: round.link,
        subjectKey: `round:${round.roundId}:${round.phase}`,
      })),
    );
  });
}
