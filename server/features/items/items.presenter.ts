import type { Item } from '../../../shared/items.js';
import type { ItemRow } from './items.queries.js';

const SUMMARY_LENGTH = 200;

/** Cards show a few lines of description; lists carry a summary so pages stay small. */
function summarise(text: string): string {
  return text.length <= SUMMARY_LENGTH ? text : `${text.slice(0, SUMMARY_LENGTH).trimEnd()}…`;
}

export function presentItem(row: ItemRow, options: { summary?: boolean } = {}): Item {
  const { item, owner } = row;
  return {
    id: item.id,
    title: item.title,
    description: options.summary ? summarise(item.description) : item.description,
    categoryId: item.categoryId,
    category:
      item.categoryId !== null && row.categoryName !== null
        ? { id: item.categoryId, name: row.categoryName }
        : null,
    condition: item.condition,
    images: item.images,
    userId: item.userId,
    user: {
      id: owner.id,
      nickname: owner.nickname,
      firstName: owner.firstName,
      lastName: owner.lastName,
      profileImageUrl: owner.profileImageUrl,
      isMember: owner.emailVerifiedAt !== null,
      averageRating: Number(row.averageRating),
      totalRatings: Number(row.totalRatings),
    },
    wantedItems: item.wantedItems,
    estimatedValue: item.estimatedValue,
    isOpenToOffers: item.isOpenToOffers,
    location: item.location,
    latitude: item.latitude,
    longitude: item.longitude,
    isActive: item.isActive,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
