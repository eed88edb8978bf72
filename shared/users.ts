import { z } from 'zod';
import { isEmojiAvatar, PRESET_AVATARS } from './avatar.js';
import { LOCALES } from './i18n/locales.js';
import { BIO_MAX_LENGTH, LOCATION_MAX_LENGTH } from './limits.js';
import { nicknameField } from './nicknames.js';

export { BIO_MAX_LENGTH, LOCATION_MAX_LENGTH, PRESET_AVATARS };

const optionalText = (max: number, name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` })
    .nullish()
    // Absent stays absent (left as it is); an empty string clears the field.
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * PATCH /api/users/profile: either a picture or the text fields (SPEC §7). Anything else in the
 * body (isAdmin, email, …) is dropped by the schema.
 */
export const updateProfileSchema = z
  .object({
    profileImageUrl: z
      .string({ error: 'profileImageUrl must be text' })
      .max(12_000_000, { error: 'The picture must be smaller than 8 MB' })
      .nullable()
      .optional()
      .refine(
        (v) =>
          v === undefined ||
          v === null ||
          v.startsWith('data:') ||
          v.startsWith('/api/images/') ||
          isEmojiAvatar(v),
        {
          error: 'Choose an emoji or upload a picture',
        },
      ),
    nickname: nicknameField().optional(),
    bio: optionalText(BIO_MAX_LENGTH, 'Bio'),
    location: optionalText(LOCATION_MAX_LENGTH, 'Location'),
    /** The member's language (issue 41); null forgets it (the browser's is used again). */
    locale: z
      .enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` })
      .nullable()
      .optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Nothing to update',
  });
export type UpdateProfile = z.output<typeof updateProfileSchema>;

/** What anyone may see of a member, wherever a member appears (cards, offers, chats, feedback). */
export const publicUserSchema = z
  .object({
    id: z.string(),
    nickname: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    /** The '✓ Verified' badge: the member verified their email address (DESIGN §7). */
    isMember: z.boolean(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** GET /api/users/:id: the public user plus what the profile screen shows. */
export const publicProfileSchema = publicUserSchema
  .extend({
    bio: z.string().nullable(),
    location: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** Offers a member must answer to count: an offer still open counts once this old. */
export const RESPONSE_GRACE_HOURS = 48;
export const RELIABILITY_WINDOW_DAYS = 90;

/**
 * Issue 18 §6: how a member answers offers received in the last 90 days (accepted, declined or
 * countered; offers withdrawn or closed by the site before an answer do not count, open ones
 * count once 48 hours old), with their completed swaps and circles.
 */
export const reliabilitySchema = z
  .object({
    /** Whole percent of counted offers answered; null with none to count. */
    responseRate: z.number().nullable(),
    /** The median time to a first answer, in minutes; null with no answers. */
    typicalResponseMinutes: z.number().nullable(),
    /** How many offers the rate is over. */
    offersCounted: z.number(),
    completedSwaps: z.number(),
    completedCircles: z.number(),
    /** Issue 40 §2: problems raised about the member after a swap, open or upheld (counts only). */
    problemsOpen: z.number(),
    problemsUpheld: z.number(),
  })
  .meta({ id: 'Reliability' });
export type Reliability = z.infer<typeof reliabilitySchema>;

/**
 * Issue 39 §3: a member of another community as their home community reports them: its host,
 * their profile there, and the reliability it last reported (null until it has answered).
 */
export const memberHomeSchema = z
  .object({
    host: z.string(),
    profileUrl: z.string().nullable(),
    reliability: reliabilitySchema.nullable(),
    /** When that community reported it. */
    reportedAt: z.string().nullable(),
  })
  .meta({ id: 'MemberHome' });
export type MemberHome = z.infer<typeof memberHomeSchema>;

/** GET /api/users/:id: the profile with the member's reliability. */
export const memberProfileSchema = publicProfileSchema
  .extend({ reliability: reliabilitySchema, home: memberHomeSchema.nullable() })
  .meta({ id: 'MemberProfile' });
export type MemberProfile = z.infer<typeof memberProfileSchema>;

const activityItemSchema = z.object({ id: z.number(), title: z.string() });

/** GET /api/users/:id/activity: public events of a member, newest first. */
export const activitySchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('listed'), at: z.string(), item: activityItemSchema }),
    z.object({
      type: z.literal('swap-completed'),
      at: z.string(),
      item: activityItemSchema.nullable(),
    }),
    z.object({
      type: z.literal('feedback-received'),
      at: z.string(),
      rating: z.number(),
      from: z.object({ id: z.string(), name: z.string() }),
    }),
  ])
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;

/** POST and DELETE /api/users/:id/block. */
export const blockStateSchema = z.object({ blocked: z.boolean() });

/** GET /api/blocks: one member the viewer blocked. */
export const blockSchema = z.object({ user: publicUserSchema, createdAt: z.string() });
export type Block = z.infer<typeof blockSchema>;
