import type { Circle, CircleMessage } from '../../../shared/circles.js';
import { circleActionsFor, currentCircleStatus } from '../../../shared/policies/circles.js';
import type { Actor } from '../../../shared/policies/decision.js';
import { presentSummary } from '../matching/matching.presenter.js';
import { presentPublicUser } from '../users/public-user.js';
import {
  type CircleExtras,
  type CircleMessageRow,
  type CircleRecord,
  circleFacts,
} from './circles.queries.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A circle for one of its participants. Legs name their listing as a card shows it; the giver is
 * the listing's owner and the receiver the giver of the leg before.
 */
export function presentCircle(
  record: CircleRecord,
  extras: CircleExtras,
  viewer: Actor,
  now: Date,
): Circle {
  const { circle } = record;
  const facts = circleFacts(record);
  const owners = record.legs.map((leg) => {
    const summary = extras.summaries.get(leg.itemId);
    if (!summary) throw new Error(`listing ${leg.itemId} of circle ${circle.id} is missing`);
    return summary;
  });
  const n = record.legs.length;
  return {
    id: circle.id,
    status: currentCircleStatus(facts, now),
    proposerId: circle.proposerId,
    legs: record.legs.map((leg, k) => {
      const summary = owners[k] as (typeof owners)[number];
      const before = owners[(k - 1 + n) % n] as (typeof owners)[number];
      return {
        position: leg.position,
        item: presentSummary(summary),
        giver: presentPublicUser(summary.owner),
        receiver: presentPublicUser(before.owner),
        decision: leg.decision,
        decidedAt: iso(leg.decidedAt),
        receivedAt: iso(leg.receivedAt),
      };
    }),
    createdAt: circle.createdAt.toISOString(),
    expiresAt: circle.expiresAt.toISOString(),
    acceptedAt: iso(circle.acceptedAt),
    closedAt: iso(circle.closedAt),
    closedReason: circle.closedReason,
    // A block with another participant leaves the way out (decline) but not accepting.
    actions: circleActionsFor(viewer, facts, now).filter(
      (action) => action !== 'accept' || !extras.blocked.has(circle.id),
    ),
    ratedUserIds: extras.rated.get(circle.id) ?? [],
    unreadCount: extras.unread.get(circle.id) ?? 0,
  };
}

export function presentCircleMessage(row: CircleMessageRow): CircleMessage {
  return {
    id: row.message.id,
    circleId: row.message.circleId,
    fromUserId: row.message.fromUserId,
    fromUser: presentPublicUser(row.fromUser),
    content: row.message.content,
    createdAt: row.message.createdAt.toISOString(),
  };
}
