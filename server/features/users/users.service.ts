import { eq, sql } from 'drizzle-orm';
import { isEmojiAvatar } from '../../../shared/avatar.js';
import type { Locale } from '../../../shared/i18n/locales.js';
import type { Actor } from '../../../shared/policies/decision.js';
import { canEditProfile } from '../../../shared/policies/profiles.js';
import type { AppContext } from '../../context.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { transact } from '../../db/transact.js';
import { AppError, enforce, uniqueViolation } from '../../errors.js';
import { isDataUrl, processUpload } from '../images/image-processing.js';
import { countUpload, deleteImages, storeImage } from '../images/images.service.js';
import { nicknameConflict, requireNicknameFree } from './nickname-key.js';

export const USER_NOT_FOUND = 'User not found';
const AVATAR_SIZE = 400;

/** A member by id; 404 when there is none, or their account was erased (issue 40 §1). */
export async function loadUser(ctx: AppContext, id: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user || user.erasedAt) throw new AppError(404, USER_NOT_FOUND);
  return user;
}

/** What a profile edit may write; absent fields stay as they are, null clears one. */
export type ProfileChanges = {
  nickname?: string;
  bio?: string | null;
  location?: string | null;
  profileImageUrl?: string | null;
  locale?: Locale | null;
};

const definedKeys = (changes: object) =>
  Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);

/**
 * Changes a member's profile: their own (picture as emoji or upload, nickname, bio, location),
 * or anyone's by an admin (SPEC §6). A replaced uploaded picture is deleted with the change.
 */
export async function updateProfile(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  input: ProfileChanges,
): Promise<UserRow> {
  enforce(canEditProfile(actor, userId, definedKeys(input)));
  const user = await loadUser(ctx, userId);
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.nickname !== undefined) {
    changes.nicknameKey = await requireNicknameFree(ctx.db, input.nickname, user.id);
    changes.nickname = input.nickname;
  }
  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.location !== undefined) changes.location = input.location;
  if (input.locale !== undefined) changes.locale = input.locale;

  let upload: Awaited<ReturnType<typeof processUpload>> | undefined;
  if (input.profileImageUrl !== undefined) {
    const value = input.profileImageUrl;
    if (value && isDataUrl(value)) {
      await countUpload(ctx, actor.id);
      upload = await processUpload(value, { box: AVATAR_SIZE, square: true });
    } else if (value === null || value === user.profileImageUrl || isEmojiAvatar(value)) {
      changes.profileImageUrl = value;
    } else {
      // Someone else's picture, or a link to anywhere: only an emoji or an upload will do.
      throw new AppError(400, 'Choose an emoji or upload a picture');
    }
  }

  try {
    return await transact(ctx.db, async (tx) => {
      if (upload) changes.profileImageUrl = await storeImage(tx, user.id, upload);
      const [updated] = await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw new AppError(404, USER_NOT_FOUND);
      const replaced =
        changes.profileImageUrl !== undefined &&
        changes.profileImageUrl !== user.profileImageUrl &&
        user.profileImageUrl !== null;
      if (replaced && user.profileImageUrl) await deleteImages(tx, [user.profileImageUrl]);
      return updated;
    });
  } catch (error) {
    throw nicknameConflict(uniqueViolation(error)) ?? error;
  }
}
