import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { displayName } from '../../../shared/names.js';
import type { Activity, PublicProfile, UpdateProfile } from '../../../shared/users.js';
import type { AppContext } from '../../context.js';
import { items } from '../../db/schema/items.js';
import { feedback, swapRequests } from '../../db/schema/swaps.js';
import { type UserRow, users } from '../../db/schema/users.js';
import { AppError, uniqueViolation } from '../../errors.js';
import { isDataUrl, processUpload } from '../images/image-processing.js';
import { countUpload, deleteImages, storeImage } from '../images/images.service.js';

export const USER_NOT_FOUND = 'User not found';
const AVATAR_SIZE = 400;

export async function getPublicProfile(ctx: AppContext, id: string): Promise<PublicProfile> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new AppError(404, USER_NOT_FOUND);
  return {
    id: user.id,
    nickname: user.nickname,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    bio: user.bio,
    location: user.location,
    createdAt: user.createdAt.toISOString(),
    isMember: user.emailVerifiedAt !== null,
  };
}

async function nicknameTaken(
  ctx: AppContext,
  nickname: string,
  exceptId: string,
): Promise<boolean> {
  const [clash] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.nickname}) = lower(${nickname})`, ne(users.id, exceptId)))
    .limit(1);
  return clash !== undefined;
}

/** The member's own profile: a picture (emoji or upload) and/or nickname, bio and location. */
export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  input: UpdateProfile,
): Promise<UserRow> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.nickname !== undefined) {
    if (await nicknameTaken(ctx, input.nickname, user.id))
      throw new AppError(409, 'That nickname is already taken');
    changes.nickname = input.nickname;
  }
  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.location !== undefined) changes.location = input.location;

  let upload: Awaited<ReturnType<typeof processUpload>> | undefined;
  if (input.profileImageUrl !== undefined) {
    const value = input.profileImageUrl;
    if (value && isDataUrl(value)) {
      await countUpload(ctx, user.id);
      upload = await processUpload(value, { box: AVATAR_SIZE, square: true });
    } else if (value?.startsWith('/api/images/') && value !== user.profileImageUrl) {
      throw new AppError(400, 'Choose an emoji or upload a picture');
    } else {
      changes.profileImageUrl = value;
    }
  }

  try {
    return await ctx.db.transaction(async (tx) => {
      if (upload) changes.profileImageUrl = await storeImage(tx, user.id, upload);
      const [updated] = await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw new AppError(404, USER_NOT_FOUND);
      // A replaced uploaded picture is deleted with the change.
      if (
        changes.profileImageUrl !== undefined &&
        user.profileImageUrl?.startsWith('/api/images/')
      ) {
        if (changes.profileImageUrl !== user.profileImageUrl)
          await deleteImages(tx, [user.profileImageUrl]);
      }
      return updated;
    });
  } catch (error) {
    if (uniqueViolation(error) === 'users_nickname_lower_idx')
      throw new AppError(409, 'That nickname is already taken');
    throw error;
  }
}

const ACTIVITY_LIMIT = 20;

/** Public events of a member, newest first: listings, completed swaps, feedback received. */
export async function getActivity(ctx: AppContext, userId: string): Promise<Activity[]> {
  await getPublicProfile(ctx, userId);
  const [listed, swapped, rated] = await Promise.all([
    ctx.db
      .select({ id: items.id, title: items.title, at: items.createdAt })
      .from(items)
      .where(eq(items.userId, userId))
      .orderBy(desc(items.createdAt))
      .limit(ACTIVITY_LIMIT),
    ctx.db
      .select({ at: swapRequests.updatedAt, itemId: items.id, title: items.title })
      .from(swapRequests)
      .leftJoin(items, eq(items.id, swapRequests.itemId))
      .where(
        and(
          eq(swapRequests.status, 'completed'),
          sql`(${swapRequests.fromUserId} = ${userId} or ${swapRequests.toUserId} = ${userId})`,
        ),
      )
      .orderBy(desc(swapRequests.updatedAt))
      .limit(ACTIVITY_LIMIT),
    ctx.db
      .select({
        at: feedback.createdAt,
        rating: feedback.rating,
        fromId: users.id,
        nickname: users.nickname,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.fromUserId))
      .where(eq(feedback.toUserId, userId))
      .orderBy(desc(feedback.createdAt))
      .limit(ACTIVITY_LIMIT),
  ]);
  const events: Activity[] = [
    ...listed.map(
      (row): Activity => ({
        type: 'listed',
        at: row.at.toISOString(),
        item: { id: row.id, title: row.title },
      }),
    ),
    ...swapped.map(
      (row): Activity => ({
        type: 'swap-completed',
        at: row.at.toISOString(),
        item:
          row.itemId !== null && row.title !== null ? { id: row.itemId, title: row.title } : null,
      }),
    ),
    ...rated.map(
      (row): Activity => ({
        type: 'feedback-received',
        at: row.at.toISOString(),
        rating: row.rating,
        from: { id: row.fromId, name: displayName(row) },
      }),
    ),
  ];
  return events.sort((a, b) => b.at.localeCompare(a.at)).slice(0, ACTIVITY_LIMIT);
}
