import { COORDINATES_PATTERN, type ListingMode } from '../../../shared/item-display';

type Described = {
  search?: string | null;
  category?: { name: string } | null;
  near?: string | null;
  radiusKm?: number | null;
  /** `local`: this community's listings only; anything else, everywhere (which goes unsaid). */
  scope?: string | null;
  /** The Type filter: give-aways or swaps only; unset, both (which goes unsaid). */
  mode?: ListingMode | null;
};

const AMONG: Record<ListingMode, string> = { giveaway: 'among give-aways', swap: 'among swaps' };

/**
 * A saved or current search in words: “bike” among give-aways in Sports within 10 km of York, and
 * “in this community only” when it leaves out the listings of communities this one follows.
 */
export function describeSearch(s: Described): string {
  const parts = [s.search ? `“${s.search}”` : 'Anything'];
  if (s.mode) parts.push(AMONG[s.mode]);
  if (s.category) parts.push(`in ${s.category.name}`);
  if (s.near) {
    const place = COORDINATES_PATTERN.test(s.near) ? 'your location' : s.near;
    parts.push(s.radiusKm ? `within ${s.radiusKm} km of ${place}` : `near ${place}`);
  }
  if (s.scope === 'local') parts.push('in this community only');
  return parts.join(' ');
}
