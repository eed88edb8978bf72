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
export const offerItem = (id: number, title: string, userId: string, images: string[] = []) => ({
  id,
  title,
  images,
  condition: 'good',
  isActive: true,
  isRemoved: false,
  userId,
  mode: 'swap' as const,
  requestsOpenUntil: null as string | null,
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

type Summary = ReturnType<typeof offerItem>;

/**
 * Issue 38: an offer naming several listings a side, `items` (the receiver's, asked for) and
 * `offeredItems` (the sender's), with `item`/`offeredItem` the first of each as the server sends.
 */
export function bundleOffer(
  items: Summary[],
  offeredItems: Summary[],
  extra: Partial<SwapRequest> = {},
): SwapRequest {
  const [item = null] = items;
  const [offeredItem = null] = offeredItems;
  return offer({
    itemId: item?.id ?? 0,
    offeredItemId: offeredItem?.id ?? null,
    offerDescription: null,
    item,
    offeredItem,
    items,
    offeredItems,
    ...extra,
  });
}

/**
 * The counter-offer `id` answering `countered`: from its receiver back to its sender, asking for
 * `items` (the sender's) and putting up `offeredItems`, with the `changes` the server would work
 * out (a counter's items against the countered offer's offeredItems, and the other way round).
 */
export function counterOf(
  countered: SwapRequest,
  id: number,
  items: Summary[],
  offeredItems: Summary[],
  extra: Partial<SwapRequest> = {},
): SwapRequest {
  const ids = (side: readonly { id: number }[]) => side.map((listing) => listing.id);
  const diff = (now: readonly { id: number }[], before: readonly { id: number }[]) => ({
    added: ids(now).filter((x) => !ids(before).includes(x)),
    removed: ids(before).filter((x) => !ids(now).includes(x)),
  });
  return bundleOffer(items, offeredItems, {
    id,
    fromUserId: countered.toUserId,
    toUserId: countered.fromUserId,
    fromUser: countered.toUser,
    toUser: countered.fromUser,
    counterOfId: countered.id,
    message: 'How about this?',
    changes: {
      items: diff(items, countered.offeredItems),
      offeredItems: diff(offeredItems, countered.items),
    },
    ...extra,
  });
}
