import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { circleMessages, circles } from './circles.js';
import { instances } from './federation.js';

/**
 * A swap circle with members of other instances (issue 39 §2): our circle's id beside the id of
 * the coordinator's `Offer`, by which every activity about the circle names it. The coordinator
 * is the proposer's instance: `coordinator_instance_id` is null when that is us. One row per
 * circle, one circle per Offer: the same Offer delivered twice is stored once.
 */
export const federatedCircles = pgTable(
  'federated_circles',
  {
    circleId: integer('circle_id')
      .primaryKey()
      .references(() => circles.id, { onDelete: 'cascade' }),
    offerId: text('offer_id').notNull(),
    coordinatorInstanceId: integer('coordinator_instance_id').references(() => instances.id, {
      onDelete: 'cascade',
    }),
    /**
     * As a participant: since when a move of ours (a member's decision or receipt) has waited for
     * the coordinator's state; null while it has answered them all. Unanswered for 24 h, the
     * coordinator stopped answering and the circle expires here too (circles-expiry.ts).
     */
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('federated_circles_offer_id_idx').on(t.offerId)],
);

export type FederatedCircleRow = typeof federatedCircles.$inferSelect;

/**
 * On the coordinator, each other instance of a circle: when we last sent it the circle's state
 * and when it last answered (an acknowledgement or a member's move). A state unanswered for 24 h
 * means the instance stopped answering, and the circle expires (circles-expiry.ts).
 */
export const federatedCirclePeers = pgTable(
  'federated_circle_peers',
  {
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    heardAt: timestamp('heard_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.instanceId] })],
);

/**
 * A message of a circle's group chat that arrived as a Note (issue 39 §2): the Note's id beside
 * our message, written with it, so the same Note delivered twice is stored once.
 */
export const federatedCircleMessages = pgTable(
  'federated_circle_messages',
  {
    messageId: integer('message_id')
      .primaryKey()
      .references(() => circleMessages.id, { onDelete: 'cascade' }),
    noteId: text('note_id').notNull(),
  },
  (t) => [uniqueIndex('federated_circle_messages_note_id_idx').on(t.noteId)],
);
