import { fairChanceEnd } from '../../../shared/giveaways.js';
import type {
  OfferChanges,
  SwapItemSummary,
  SwapMessage,
  SwapRequest,
  SwapStatus,
} from '../../../shared/swaps.js';
import { presentPublicUser } from '../users/public-user.js';
import type { ListingColumns, MessageRow, OfferRow } from './swaps.queries.js';

function presentItemSummary(item: ListingColumns | null): SwapItemSummary | null {
  return item && presentListing(item);
}

function presentListing(item: ListingColumns): SwapItemSummary {
  return {
    id: item.id,
    title: item.title,
    images: item.images,
    condition: item.condition,
    isActive: item.isActive,
    userId: item.userId,
    mode: item.mode,
    requestsOpenUntil:
      item.mode === 'giveaway' && item.giveawaySince !== null && item.fairChanceHours !== null
        ? fairChanceEnd(item.giveawaySince, item.fairChanceHours).toISOString()
        : null,
    isRemoved: item.deletedAt !== null,
  };
}

/** What `now` has that `before` has not (added), and the other way round (removed), in order. */
function difference(now: readonly number[], before: readonly number[]) {
  return {
    added: now.filter((id) => !before.includes(id)),
    removed: before.filter((id) => !now.includes(id)),
  };
}

/**
 * A counter-offer against the offer it counters. The counter swaps the two members: what it asks
 * for is compared with what the countered offer put up, and what it puts up with what that one
 * asked for (shared/swaps.ts offerChangesSchema).
 */
function presentChanges(row: OfferRow): OfferChanges | null {
  if (!row.countered) return null;
  return {
    items: difference(
      row.items.map((item) => item.id),
      row.countered.offeredItemIds,
    ),
    offeredItems: difference(
      row.offeredItems.map((item) => item.id),
      row.countered.itemIds,
    ),
  };
}

export function presentSwapRequest(row: OfferRow): SwapRequest {
  const { request } = row;
  return {
    id: request.id,
    fromUserId: request.fromUserId,
    toUserId: request.toUserId,
    itemId: request.itemId,
    offeredItemId: request.offeredItemId,
    message: request.message,
    offerDescription: request.offerDescription,
    offerImages: request.offerImages,
    status: request.status as SwapStatus,
    closedReason: request.closedReason,
    counterOfId: request.counterOfId,
    counteredById: row.counteredById === null ? null : Number(row.counteredById),
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    item: presentItemSummary(row.item),
    offeredItem: presentItemSummary(row.offeredItem),
    items: row.items.map(presentListing),
    offeredItems: row.offeredItems.map(presentListing),
    changes: presentChanges(row),
    fromUser: presentPublicUser(row.fromUser),
    toUser: presentPublicUser(row.toUser),
    unreadCount: Number(row.unreadCount),
    ratedByMe: Boolean(row.ratedByMe),
  };
}

export function presentMessage(row: MessageRow): SwapMessage {
  return {
    id: row.message.id,
    swapRequestId: row.message.swapRequestId,
    fromUserId: row.message.fromUserId,
    content: row.message.content,
    isRead: row.message.isRead,
    createdAt: row.message.createdAt.toISOString(),
    fromUser: presentPublicUser(row.fromUser),
  };
}
