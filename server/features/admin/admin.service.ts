import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ExportKind } from '../../../shared/admin.js';
import { isEmojiAvatar } from '../../../shared/avatar.js';
import { bannedWordMessage, findBannedWord } from '../../../shared/items.js';
import type { AppContext } from '../../context.js';
import { siteVisits } from '../../db/schema/analytics.js';
import { items } from '../../db/schema/items.js';
import { feedback, messages, swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import { AppError, uniqueViolation } from '../../errors.js';
import { feedbackFor } from '../feedback/feedback.service.js';
import { deleteImages } from '../images/images.service.js';
import { presentItem } from '../items/items.presenter.js';
import { selectItems } from '../items/items.queries.js';
import { presentMessage } from '../swaps/swaps.presenter.js';
import { presentPublicUser, publicUserColumns } from '../users/public-user.js';
import { toCsv } from './csv.js';

type Page = { limit: number; offset: number };

/** Admins see every account, emails included (SPEC §6). */
export async function listUsers(ctx: AppContext, page: Page) {
  const rows = await ctx.db
    .select()
    .from(users)
    .orderBy(desc(users.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    bio: u.bio,
    location: u.location,
    isAdmin: u.isAdmin,
    isMember: u.emailVerifiedAt !== null,
    createdAt: u.createdAt.toISOString(),
  }));
}

export async function listAllItems(ctx: AppContext, page: Page) {
  const rows = await selectItems(ctx.db)
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => presentItem(row, { summary: true }));
}

export async function listAllFeedback(ctx: AppContext, page: Page) {
  return feedbackFor(ctx, null, page);
}

export async function listMessages(ctx: AppContext, page: Page) {
  const rows = await ctx.db
    .select({ message: messages, fromUser: publicUserColumns() })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.fromUserId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(presentMessage);
}

async function deleteOne(found: Array<unknown>, what: string): Promise<void> {
  if (found.length === 0) throw new AppError(404, `${what} not found`);
}

export async function deleteFeedback(ctx: AppContext, id: number) {
  await deleteOne(
    await ctx.db.delete(feedback).where(eq(feedback.id, id)).returning({ id: feedback.id }),
    'Feedback',
  );
}

export async function deleteMessage(ctx: AppContext, id: number) {
  await deleteOne(
    await ctx.db.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id }),
    'Message',
  );
}

export async function deleteAnyItem(ctx: AppContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(items)
      .where(eq(items.id, id))
      .returning({ images: items.images });
    await deleteOne(removed, 'Item');
    await deleteImages(tx, removed[0]?.images ?? []);
  });
  ctx.events.itemsChanged();
}

export async function editItem(
  ctx: AppContext,
  id: number,
  changes: { title?: string; description?: string; wantedItems?: string | null },
) {
  const word = findBannedWord(changes.title ?? '') ?? findBannedWord(changes.description ?? '');
  if (word) throw new AppError(400, bannedWordMessage(word));
  const [updated] = await ctx.db
    .update(items)
    .set({
      ...changes,
      ...(changes.wantedItems === '' ? { wantedItems: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(items.id, id))
    .returning({ id: items.id });
  if (!updated) throw new AppError(404, 'Item not found');
  ctx.events.itemsChanged();
  const [row] = await selectItems(ctx.db).where(eq(items.id, id));
  if (!row) throw new AppError(404, 'Item not found');
  return presentItem(row);
}

export async function editProfile(
  ctx: AppContext,
  userId: string,
  changes: {
    nickname?: string;
    bio?: string | null;
    location?: string | null;
    profileImageUrl?: string | null;
  },
) {
  const picture = changes.profileImageUrl;
  if (picture && !isEmojiAvatar(picture) && !/^\/api\/images\/[0-9a-f-]{36}$/.test(picture)) {
    throw new AppError(400, 'profileImageUrl must be an emoji or an image link');
  }
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new AppError(404, 'User not found');
    return presentPublicUser(updated);
  } catch (error) {
    if (uniqueViolation(error) === 'users_nickname_lower_idx')
      throw new AppError(409, 'That nickname is already taken');
    throw error;
  }
}

const EXPORT_LIMIT = 100_000;
const offeredItems = alias(items, 'offered_items');

/** Real CSV downloads for the dashboard's export action. */
export async function exportCsv(ctx: AppContext, kind: ExportKind): Promise<string> {
  switch (kind) {
    case 'users': {
      const rows = await ctx.db.select().from(users).orderBy(users.createdAt).limit(EXPORT_LIMIT);
      return toCsv(
        [
          'id',
          'email',
          'nickname',
          'firstName',
          'lastName',
          'location',
          'isAdmin',
          'verified',
          'createdAt',
        ],
        rows.map((u) => [
          u.id,
          u.email,
          u.nickname,
          u.firstName,
          u.lastName,
          u.location,
          u.isAdmin,
          u.emailVerifiedAt !== null,
          u.createdAt,
        ]),
      );
    }
    case 'items': {
      const rows = await ctx.db.select().from(items).orderBy(items.id).limit(EXPORT_LIMIT);
      return toCsv(
        [
          'id',
          'title',
          'categoryId',
          'condition',
          'userId',
          'location',
          'estimatedValue',
          'isOpenToOffers',
          'isActive',
          'photos',
          'createdAt',
        ],
        rows.map((i) => [
          i.id,
          i.title,
          i.categoryId,
          i.condition,
          i.userId,
          i.location,
          i.estimatedValue,
          i.isOpenToOffers,
          i.isActive,
          i.images.length,
          i.createdAt,
        ]),
      );
    }
    case 'swaps': {
      const rows = await ctx.db
        .select({ request: swapRequests, itemTitle: items.title, offeredTitle: offeredItems.title })
        .from(swapRequests)
        .leftJoin(items, eq(items.id, swapRequests.itemId))
        .leftJoin(offeredItems, eq(offeredItems.id, swapRequests.offeredItemId))
        .orderBy(swapRequests.id)
        .limit(EXPORT_LIMIT);
      return toCsv(
        [
          'id',
          'status',
          'itemId',
          'itemTitle',
          'offeredItemId',
          'offeredItemTitle',
          'fromUserId',
          'toUserId',
          'createdAt',
          'updatedAt',
        ],
        rows.map(({ request: r, itemTitle, offeredTitle }) => [
          r.id,
          r.status,
          r.itemId,
          itemTitle,
          r.offeredItemId,
          offeredTitle,
          r.fromUserId,
          r.toUserId,
          r.createdAt,
          r.updatedAt,
        ]),
      );
    }
    case 'visits': {
      const rows = await ctx.db
        .select()
        .from(siteVisits)
        .orderBy(desc(siteVisits.createdAt))
        .limit(EXPORT_LIMIT);
      return toCsv(
        ['id', 'createdAt', 'path', 'ipAddress', 'userId', 'userAgent'],
        rows.map((v) => [v.id, v.createdAt, v.path, v.ipAddress, v.userId, v.userAgent]),
      );
    }
  }
}
