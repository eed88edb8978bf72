import type { Translate } from '../../../shared/i18n/translator';
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

/**
 * A saved or current search in words: “bike” among give-aways in Sports within 10 km of York, and
 * “in this community only” when it leaves out the listings of communities this one follows. One
 * message of the alerts area (each language orders the parts its way); `category` is the name
 * as the page shows it.
 */
export function describeSearch(_: Translate, s: Described): string {
  const yourLocation = !!s.near && COORDINATES_PATTERN.test(s.near);
  const near = !s.near
    ? 'none'
    : s.radiusKm
      ? yourLocation
        ? 'withinYou'
        : 'within'
      : yourLocation
        ? 'nearYou'
        : 'nearby';
  const values = {
    search: s.search,
    mode: s.mode ?? 'all',
    hasCategory: s.category ? 'yes' : 'no',
    category: s.category?.name,
    near,
    km: s.radiusKm,
    place: s.near,
    local: s.scope === 'local' ? 'yes' : 'no',
  };
  return s.search ? _('alerts.search', values) : _('alerts.anything', values);
}
