import { z } from 'zod';
import { isEmojiAvatar } from './avatar.js';
import { NICKNAME_MAX_LENGTH } from './limits.js';

export const BIO_MAX_LENGTH = 500;
export const LOCATION_MAX_LENGTH = 120;

/** SPEC §2: the change-picture dialog's 16 presets (smileys, wizard, coders, artist, rocket, stars). */
export const PRESET_AVATARS = [
  '😀',
  '😎',
  '🤓',
  '🥳',
  '😊',
  '🙂',
  '🤠',
  '😇',
  '🧙',
  '🧑‍💻',
  '👩‍💻',
  '👨‍💻',
  '🧑‍🎨',
  '🚀',
  '⭐',
  '🌟',
] as const;

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
    nickname: z
      .string({ error: 'Nickname is required' })
      .trim()
      .min(1, { error: 'Nickname is required' })
      .max(NICKNAME_MAX_LENGTH, {
        error: `Nickname must be at most ${NICKNAME_MAX_LENGTH} characters`,
      })
      .optional(),
    bio: optionalText(BIO_MAX_LENGTH, 'Bio'),
    location: optionalText(LOCATION_MAX_LENGTH, 'Location'),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'Nothing to update',
  });
export type UpdateProfile = z.output<typeof updateProfileSchema>;

/** GET /api/users/:id: what anyone may see of a member. */
export type PublicProfile = {
  id: string;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  bio: string | null;
  location: string | null;
  createdAt: string;
  isMember: boolean;
};

export type Activity =
  | { type: 'listed'; at: string; item: { id: number; title: string } }
  | { type: 'swap-completed'; at: string; item: { id: number; title: string } | null }
  | { type: 'feedback-received'; at: string; rating: number; from: { id: string; name: string } };
