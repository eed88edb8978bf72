import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instances } from './federation.js';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    email: text('email').notNull(),
    /** scrypt hash in the form produced by server/features/auth/password.ts, never the password. */
    password: text('password').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    nickname: text('nickname'),
    /**
     * The nickname's confusable skeleton (Unicode TS #39, lower-cased): unique, so a look-alike
     * of an existing nickname ("аna" with a Cyrillic а for "ana") cannot join. See nickname-key.ts.
     */
    nicknameKey: text('nickname_key'),
    bio: text('bio'),
    location: text('location'),
    /** The member's language (shared/i18n/locales.ts), null until chosen: then the browser's. */
    locale: text('locale'),
    /** SHA-256 of the emailed token; the token itself is never stored. */
    resetToken: text('reset_token'),
    resetTokenExpires: timestamp('reset_token_expires', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** SHA-256 of the emailed verification token. */
    verifyToken: text('verify_token'),
    verifyTokenExpires: timestamp('verify_token_expires', { withTimezone: true }),
    /** Set by a moderator: the member cannot sign in and their listings are hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * A member of another instance (federation): the instance, and their actor there. Such a row
     * never signs in and is never emailed (its address is `<id>@remote.invalid`, never verified).
     */
    originInstanceId: integer('origin_instance_id').references(() => instances.id, {
      onDelete: 'cascade',
    }),
    actorUrl: text('actor_url'),
    /** A remote member's profile page at home, where their name links. */
    profileUrl: text('profile_url'),
    /**
     * Issue 39 §3: where a remote member's home instance reports their reliability (a link their
     * actor carries), what it last reported and when it was read (federation/home-reliability.ts).
     */
    reliabilityUrl: text('reliability_url'),
    homeReliability: jsonb('home_reliability'),
    homeReliabilityAt: timestamp('home_reliability_at', { withTimezone: true }),
    /**
     * When the member erased their account (issue 40 §1), or an admin did: the row stays as a
     * tombstone named "Deleted member" so the other party's offers, chats, circles and ratings stay
     * whole; nothing of the person is left on it (account/erasure.ts).
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_nickname_lower_idx').on(sql`lower(${t.nickname})`),
    uniqueIndex('users_nickname_key_idx').on(t.nicknameKey),
    index('users_reset_token_idx').on(t.resetToken),
    index('users_verify_token_idx').on(t.verifyToken),
    // Browse leaves suspended members' listings out with an anti-join on this (tiny) index.
    index('users_suspended_idx').on(t.id).where(sql`${t.suspendedAt} is not null`),
    uniqueIndex('users_actor_url_idx').on(t.actorUrl),
    index('users_origin_instance_idx')
      .on(t.originInstanceId)
      .where(sql`${t.originInstanceId} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's session id, so a database leak hands out no live sessions. */
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<SessionData>().notNull(),
    /** Idle expiry; pushed forward as the session is used. */
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_expire_idx').on(t.expire),
    index('sessions_user_idx').on(sql`(${t.sess}->>'userId')`),
  ],
);

export type SessionData = {
  userId: string;
  /** ISO time the session was created; bounds its absolute lifetime. */
  createdAt: string;
};
