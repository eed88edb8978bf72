import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { instances } from './federation.js';
import { messages, swapRequests } from './swaps.js';

/** Which way an offer across instances went: made here (`sent`) or arrived (`received`). */
export const FEDERATED_OFFER_DIRECTIONS = ['sent', 'received'] as const;
export type FederatedOfferDirection = (typeof FEDERATED_OFFER_DIRECTIONS)[number];

/**
 * An offer between a member of ours and a member of another instance (issue 39 §1): our offer's
 * id beside the id of its ActivityPub `Offer`, by which the other instance's answers
 * (Accept, Reject, Undo) name it, and the actor of the other party, the only one whose answers
 * count. One row per offer, one offer per activity: the same Offer delivered twice is stored once.
 */
export const federatedOffers = pgTable(
  'federated_offers',
  {
    swapRequestId: integer('swap_request_id')
      .primaryKey()
      .references(() => swapRequests.id, { onDelete: 'cascade' }),
    offerId: text('offer_id').notNull(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    peerActorUrl: text('peer_actor_url').notNull(),
    direction: text('direction').$type<FederatedOfferDirection>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('federated_offers_offer_id_idx').on(t.offerId),
    check('federated_offers_direction_check', sql`${t.direction} in ('sent', 'received')`),
  ],
);

export type FederatedOfferRow = typeof federatedOffers.$inferSelect;

/**
 * A chat message that arrived as a Note on an offer across instances (issue 39): the Note's id
 * beside our message, written in the same transaction, so the same Note delivered twice (two
 * deliveries processed at once) is stored once.
 */
export const federatedMessages = pgTable(
  'federated_messages',
  {
    messageId: integer('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    noteId: text('note_id').notNull(),
  },
  (t) => [uniqueIndex('federated_messages_note_id_idx').on(t.noteId)],
);
