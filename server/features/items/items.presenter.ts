import { fairChanceEnd } from '../../../shared/giveaways.js';
import type { Item } from '../../../shared/items.js';
import { AREA_RADIUS_KM, distanceKm, shownDistanceKm } from '../../infra/geocoding/fuzz.js';
import type { ItemRow } from './listing-reads.js';

const SUMMARY_LENGTH = 200;

/** Cards show a few lines of description; lists carry a summary so pages stay small. */
function summarise(text: string): string {
  return text.length <= SUMMARY_LENGTH ? text : `${text.slice(0, SUMMARY_LENGTH).trimEnd()}…`;
}

/**
 * A listing for the public. Its exact point is never in it: the area is a circle around the
 * public (fuzzed) point, and a distance is measured to that point and rounded.
 */
export function presentItem(
  row: ItemRow,
  options: { summary?: boolean; from?: { latitude: number; longitude: number } } = {},
): Item {
  const { item, owner } = row;
  const point =
    item.publicLatitude !== null && item.publicLongitude !== null
      ? { latitude: item.publicLatitude, longitude: item.publicLongitude }
      : null;
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
    mode: item.mode,
    fairChanceHours: item.fairChanceHours,
    requestsOpenUntil:
      item.mode === 'giveaway' && item.giveawaySince !== null && item.fairChanceHours !== null
        ? fairChanceEnd(item.giveawaySince, item.fairChanceHours).toISOString()
        : null,
    location: item.location,
    area: point && { ...point, radiusKm: AREA_RADIUS_KM },
    ...(options.from && point
      ? { distanceKm: shownDistanceKm(distanceKm(options.from, point)) }
      : {}),
    isActive: item.isActive,
    isReserved: item.reservedBy !== null,
    origin:
      row.origin && item.originUrl
        ? {
            host: row.origin.host,
            instanceName: row.origin.name,
            url: item.originUrl,
            ownerUrl: owner.profileUrl,
            offersTravel:
              row.origin.following === 'accepted' &&
              row.origin.follower === 'accepted' &&
              !row.origin.blocked,
          }
        : null,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
