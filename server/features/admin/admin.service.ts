import { desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ExportKind } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { siteVisits } from '../../db/schema/analytics.js';
import { items } from '../../db/schema/items.js';
import { swapRequests } from '../../db/schema/swaps.js';
import { users } from '../../db/schema/users.js';
import type { Page } from '../../http/params.js';
import { presentFeedback } from '../feedback/feedback.presenter.js';
import { findFeedbackFor } from '../feedback/feedback.queries.js';
import { presentItem } from '../items/items.presenter.js';
import { selectItems } from '../items/listing-reads.js';
import { presentMessage } from '../swaps/swaps.presenter.js';
import { findAllMessages } from '../swaps/swaps.queries.js';
import { presentAdminUser } from './admin.presenter.js';
import { toCsv } from './csv.js';

/** Admins see every account, emails included (SPEC §6). */
export async function listUsers(ctx: AppContext, page: Page) {
  const rows = await ctx.db
    .select()
    .from(users)
    // An erased account's tombstone is nobody to moderate.
    .where(isNull(users.erasedAt))
    .orderBy(desc(users.createdAt))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(presentAdminUser);
}

export async function listAllItems(ctx: AppContext, page: Page) {
  const rows = await selectItems(ctx.db)
    .where(isNull(items.deletedAt))
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => presentItem(row, { summary: true }));
}

export async function listAllFeedback(ctx: AppContext, page: Page) {
  const rows = await findFeedbackFor(ctx.db, null, page);
  return rows.map(presentFeedback);
}

export async function listMessages(ctx: AppContext, page: Page) {
  const rows = await findAllMessages(ctx.db, page);
  return rows.map(presentMessage);
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
          'deletedAt',
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
          i.deletedAt,
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
