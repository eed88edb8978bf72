import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { items } from './items.js';

/** A follow's state, each way: `none` until asked, then pending, accepted or rejected. */
export const FOLLOW_STATES = ['none', 'pending', 'accepted', 'rejected'] as const;
export type FollowState = (typeof FOLLOW_STATES)[number];

/**
 * Another SwapMarket instance this one knows (DESIGN §10): whether we follow it and it follows us,
 * each way `none|pending|accepted|rejected`, and whether an admin blocked it. Its listings and
 * members are local rows that name it (`origin_instance_id`).
 */
export const instances = pgTable(
  'instances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** host[:port] as in its URLs, lower-case. */
    host: text('host').notNull(),
    baseUrl: text('base_url').notNull(),
    /** Its instance actor (an Application). */
    actorUrl: text('actor_url').notNull(),
    inboxUrl: text('inbox_url').notNull(),
    sharedInboxUrl: text('shared_inbox_url'),
    name: text('name'),
    following: text('following').$type<FollowState>().notNull().default('none'),
    follower: text('follower').$type<FollowState>().notNull().default('none'),
    /** The id of our Follow of them, to undo it; of theirs of us, to accept or reject it. */
    ourFollowId: text('our_follow_id'),
    theirFollowId: text('their_follow_id'),
    blocked: boolean('blocked').notNull().default(false),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    /** Deliveries to it that failed since the last one that went through. */
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('instances_host_idx').on(t.host),
    uniqueIndex('instances_actor_url_idx').on(t.actorUrl),
    check(
      'instances_following_check',
      sql`${t.following} in ('none', 'pending', 'accepted', 'rejected')`,
    ),
    check(
      'instances_follower_check',
      sql`${t.follower} in ('none', 'pending', 'accepted', 'rejected')`,
    ),
  ],
);

export type InstanceRow = typeof instances.$inferSelect;

/**
 * The key pairs an actor of this instance signs with (`owner`: 'instance' or a member's id): an
 * RSA key for HTTP Signatures (what Mastodon checks) and an Ed25519 key for Object Integrity
 * Proofs, as JWKs. Made on first need.
 */
export const federationKeys = pgTable(
  'federation_keys',
  {
    owner: text('owner').notNull(),
    algorithm: text('algorithm').notNull(),
    publicKey: jsonb('public_key').notNull(),
    privateKey: jsonb('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('federation_keys_owner_idx').on(t.owner, t.algorithm)],
);

/** Fedify's key-value store (its caches and the ids of activities already applied). */
export const federationKv = pgTable(
  'federation_kv',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('federation_kv_expires_idx').on(t.expiresAt)],
);

/**
 * Photos of other instances' listings, fetched once and stored as our own pictures: an Update that
 * keeps a photo reuses it instead of fetching it again.
 */
export const remotePhotos = pgTable('remote_photos', {
  sourceUrl: text('source_url').primaryKey(),
  imageUrl: text('image_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a listing of another instance would be given for, as its home named them: the wanted
 * objects' ids in order. `item_wants` holds those this instance can name by a local id (listings
 * it holds); the others are named once their listing arrives here (or comes back on the market).
 */
export const remoteWants = pgTable(
  'remote_wants',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** 1-based, the home's order of preference. */
    position: integer('position').notNull(),
    wantedUrl: text('wanted_url').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.position] }),
    index('remote_wants_wanted_url_idx').on(t.wantedUrl),
  ],
);
