import type {
  SwapItemSummary,
  SwapMessage,
  SwapRequest,
  SwapStatus,
} from '../../../shared/swaps.js';
import { presentPublicUser } from '../users/public-user.js';
import type { MessageRow, SwapRequestRow } from './swaps.queries.js';

type ItemColumns = SwapRequestRow['item'];

function presentItemSummary(item: ItemColumns): SwapItemSummary | null {
  if (!item) return null;
  return {
    id: item.id,
    title: item.title,
    images: item.images,
    condition: item.condition,
    isActive: item.isActive,
    userId: item.userId,
    isRemoved: item.deletedAt !== null,
  };
}

export function presentSwapRequest(row: SwapRequestRow): SwapRequest {
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
