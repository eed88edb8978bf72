import { eq, inArray } from 'drizzle-orm';
import type { MessageId } from '../../../shared/i18n/catalogs/en.js';
import type { MessageValues, Translator } from '../../../shared/i18n/translator.js';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { items } from '../../db/schema/items.js';
import { feedback, swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import type { DomainEvents } from '../../infra/domain-hooks.js';
import type { Subscribe } from '../../infra/features.js';
import { nameOrNull } from '../users/member-name.js';
import { named, quoted } from './notification-words.js';
import { type NewNotification, type NotificationText, notify } from './notify.js';

type CircleDecided = DomainEvents['circle.decided'];
type RoundPhase = DomainEvents['round.phase'];
type SwapChange = DomainEvents['swap.changed'];

/**
 * The words live in the catalogs (shared/i18n/catalogs/areas/notifications.ts); each text here
 * is a function of the recipient's translator, which notify() calls in their language.
 */

async function titleOf(tx: Transaction, itemId: number): Promise<string | null> {
  return (await listingOf(tx, itemId)).title;
}

/** A listing's title (null once it is gone), and whether it is a give-away (asked for, not swapped). */
async function listingOf(
  tx: Transaction,
  itemId: number,
): Promise<{ title: string | null; giveaway: boolean }> {
  const [row] = await tx
    .select({ title: items.title, mode: items.mode })
    .from(items)
    .where(eq(items.id, itemId));
  return row
    ? { title: row.title, giveaway: row.mode === 'giveaway' }
    : { title: null, giveaway: false };
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
  const actor = await nameOrNull(tx, change.actorId);
  const { title, giveaway } = await listingOf(tx, change.itemId);
  /** The words of `id` (`swap` for a swap, `request` for a give-away's), with who and what. */
  const words =
    (
      swap: MessageId,
      request: MessageId,
      more?: (t: Translator) => MessageValues,
    ): NotificationText =>
    (t) =>
      t._(giveaway ? request : swap, {
        actor: named(t, actor),
        title: quoted(t, title),
        ...more?.(t),
      });
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
          text: words('notify.offerReceived', 'notify.requestReceived'),
        };
  }
  switch (change.to) {
    case 'accepted':
      return {
        ...about,
        recipientId: other,
        type: 'offer-accepted',
        text: words('notify.offerAccepted', 'notify.requestAccepted'),
      };
    case 'rejected':
      if (change.notChosen)
        return {
          ...about,
          recipientId: change.fromUserId,
          type: 'request-not-chosen',
          text: words('notify.requestNotChosen', 'notify.requestNotChosen'),
        };
      return {
        ...about,
        recipientId: other,
        type: 'offer-rejected',
        text: words('notify.offerRejected', 'notify.requestRejected'),
      };
    case 'completed':
      return {
        ...about,
        recipientId: other,
        type: 'offer-completed',
        text: words('notify.swapCompleted', 'notify.giveawayCompleted'),
      };
    case 'countered':
      return {
        ...about,
        recipientId: other,
        type: 'offer-countered',
        text: words('notify.offerCountered', 'notify.offerCountered'),
      };
    case 'withdrawn':
      return {
        ...about,
        recipientId: other,
        type: 'offer-withdrawn',
        text: words('notify.offerWithdrawn', 'notify.requestWithdrawn'),
      };
    case 'cancelled':
      return {
        ...about,
        recipientId: other,
        type: 'offer-cancelled',
        text: words('notify.swapCancelled', 'notify.requestCancelled', (t) => ({
          reason: change.reason ?? t._('notify.noReason'),
        })),
      };
    default:
      return null;
  }
}

/** Decisions announced with the name of the member who made them. */
const PERSONAL_DECISIONS: ReadonlyArray<CircleDecided['decision']> = [
  'proposed',
  'accepted',
  'declined',
];

const circleWords = (decision: CircleDecided['decision']): MessageId => `notify.circle.${decision}`;
const roundWords = (phase: RoundPhase['phase']): MessageId => `notify.round.${phase}`;

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
    const title = swap ? await titleOf(tx, swap.itemId) : undefined;
    const actor = await nameOrNull(tx, message.fromUserId);
    await notify(ctx, tx, {
      recipientId: message.toUserId,
      type: 'message',
      text: (t) =>
        t._('notify.message', {
          actor: named(t, actor),
          // No offer found (gone meanwhile): "your offer" rather than a listing's title.
          title: title === undefined ? t._('notify.yourOffer') : quoted(t, title),
        }),
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
    const actor = await nameOrNull(tx, given.fromUserId);
    await notify(ctx, tx, {
      recipientId: given.toUserId,
      type: 'rating',
      text: (t) =>
        row
          ? t._('notify.rating', { actor: named(t, actor), stars: row.rating })
          : t._('notify.ratingUnknown', { actor: named(t, actor) }),
      link: `/profile/${given.toUserId}`,
      subjectKey: `feedback:${given.feedbackId}`,
      actorId: given.fromUserId,
    });
  });

  on('listing.removed', async (tx, removed) => {
    await notify(ctx, tx, {
      recipientId: removed.ownerId,
      type: 'listing-removed',
      text: (t) =>
        t._('notify.listingRemoved', { title: quoted(t, removed.title), reason: removed.reason }),
      link: '/profile',
      subjectKey: `listing:${removed.itemId}`,
    });
  });

  on('match.found', async (tx, found) => {
    const title = await titleOf(tx, found.itemId);
    await notify(ctx, tx, {
      recipientId: found.userId,
      type: 'match',
      text: (t) =>
        t._(found.kind === 'mutual' ? 'notify.mutualMatch' : 'notify.circleMatch', {
          title: quoted(t, title),
        }),
      link: found.link,
      subjectKey: found.subjectKey,
    });
  });

  on('circle.decided', async (tx, decided) => {
    const actor = decided.actorId ? await nameOrNull(tx, decided.actorId) : null;
    const id = circleWords(decided.decision);
    const text: NotificationText = (t) =>
      PERSONAL_DECISIONS.includes(decided.decision) ? t._(id, { actor: named(t, actor) }) : t._(id);
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
        text: (t: Translator) => t._(roundWords(round.phase), { title: quoted(t, round.title) }),
        link: round.link,
        subjectKey: `round:${round.roundId}:${round.phase}`,
      })),
    );
  });
}
