import type { Item } from '../../shared/items';

/** A listing of this community, by `u2` (grace); `extra` overrides any field. */
export function listing(extra: Partial<Item> = {}): Item {
  return {
    id: 7,
    title: 'Banjo',
    description: 'Five strings, soft case.',
    categoryId: null,
    category: null,
    condition: 'good',
    images: [],
    userId: 'u2',
    user: {
      id: 'u2',
      nickname: 'grace',
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      isMember: true,
      averageRating: 0,
      totalRatings: 0,
    },
    wantedItems: null,
    estimatedValue: null,
    isOpenToOffers: true,
    mode: 'swap',
    fairChanceHours: null,
    requestsOpenUntil: null,
    location: 'York',
    area: null,
    isActive: true,
    isReserved: false,
    origin: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...extra,
  };
}

/** A listing of another community (north.example), its owner known here as `ann@north.example`. */
export function remoteListing(extra: Partial<Item> = {}): Item {
  const base = listing();
  return listing({
    userId: 'r1',
    user: { ...base.user, id: 'r1', nickname: 'ann@north.example', isMember: false },
    origin: {
      host: 'north.example',
      instanceName: 'North Swaps',
      url: 'https://north.example/item/3',
      ownerUrl: 'https://north.example/profile/ann',
      offersTravel: false,
    },
    ...extra,
  });
}

/** A listing of `userId` for offer dialogs: `id`, `title`, on the market unless `extra` says. */
export function ownedListing(id: number, title: string, userId: string, extra: Partial<Item> = {}) {
  const base = listing();
  return listing({
    id,
    title,
    userId,
    user: { ...base.user, id: userId, nickname: userId },
    ...extra,
  });
}

/**
 * A fakeApi handler for GET /api/items?userId=…: each member's listings as given (none for a
 * member not named), as a member's list of listings answers.
 */
export function listingsByOwner(byOwner: Record<string, Item[]>) {
  return ({ url }: { url: URL }) => byOwner[url.searchParams.get('userId') ?? ''] ?? [];
}
