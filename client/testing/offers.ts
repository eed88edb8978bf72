import type { SwapRequest } from '../../shared/swaps';

/** A member as offers name them (public fields only). */
export const person = (id: string, isMember = false) => ({
  id,
  nickname: id,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  isMember,
});

/** A listing as an offer card shows it. */
export const offerItem = (id: number, title: string, userId: string) => ({
  id,
  title,
  images: [],
  condition: 'good',
  isActive: true,
  isRemoved: false,
  userId,
});

/**
 * An offer from `sender` to `owner` for the owner's kettle (id 10), pending, nothing unread;
 * `extra` overrides any field.
 */
export function offer(extra: Partial<SwapRequest> = {}): SwapRequest {
  const fromUserId = extra.fromUserId ?? 'sender';
  const toUserId = extra.toUserId ?? 'owner';
  const item = extra.item === undefined ? offerItem(10, 'Kettle', toUserId) : extra.item;
  const offeredItem = extra.offeredItem ?? null;
  return {
    id: 1,
    fromUserId,
    toUserId,
    itemId: 10,
    offeredItemId: null,
    message: 'Swap?',
    offerDescription: 'A lamp',
    offerImages: [],
    status: 'pending',
    closedReason: null,
    counterOfId: null,
    counteredById: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    item,
    offeredItem,
    // One listing a side unless a test names them (issue 38's bundles).
    items: item ? [item] : [],
    offeredItems: offeredItem ? [offeredItem] : [],
    changes: null,
    fromUser: person(fromUserId),
    toUser: person(toUserId),
    unreadCount: 0,
    ratedByMe: false,
    ...extra,
  };
}
