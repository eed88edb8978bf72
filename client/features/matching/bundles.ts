import type { ListingSummary, Matches } from '../../../shared/matching';
import { OFFER_SIDE_MAX } from '../../../shared/swap-display';

/** Several listings of one member that the member wants, and their own listings that want them. */
export type OwnerBundle = {
  owner: ListingSummary['owner'];
  /** The owner's listings, each once, in the order the matches list them. */
  theirs: ListingSummary[];
  /** The member's listings that would be given for them, each once. */
  mine: ListingSummary[];
};

/**
 * Issue 38: the matches' listings grouped by their owner (mutual matches first, then the wanted
 * list, give-aways left out), keeping only owners with two or more listings wanted: each can be
 * asked for in one offer.
 */
export function bundlesByOwner(matches: Pick<Matches, 'wanted' | 'mutual'>): OwnerBundle[] {
  const byOwner = new Map<string, OwnerBundle>();
  const add = (theirs: ListingSummary, mine: ListingSummary) => {
    const bundle = byOwner.get(theirs.owner.id) ?? { owner: theirs.owner, theirs: [], mine: [] };
    byOwner.set(theirs.owner.id, bundle);
    if (!bundle.theirs.some((l) => l.id === theirs.id)) bundle.theirs.push(theirs);
    if (!bundle.mine.some((l) => l.id === mine.id)) bundle.mine.push(mine);
  };
  for (const match of matches.mutual) add(match.theirs, match.mine);
  // A give-away is asked for on its own, with nothing offered: it never joins a bundle.
  for (const { mine, source: _source, ...theirs } of matches.wanted)
    if (theirs.mode !== 'giveaway') add(theirs, mine);
  return [...byOwner.values()].filter((bundle) => bundle.theirs.length > 1);
}

/**
 * The item page of the first of `theirs` with the offer form open, the next ones (up to five in
 * all) asked for besides and `mine` (up to five) offered: the offer dialog preselects them.
 */
export function bundleOfferLink(
  theirs: readonly ListingSummary[],
  mine: readonly ListingSummary[],
): string {
  const [first, ...also] = theirs.slice(0, OFFER_SIDE_MAX);
  const ids = (listings: readonly ListingSummary[]) => listings.map((l) => l.id).join(',');
  const params = new URLSearchParams({ action: 'offer' });
  if (also.length > 0) params.set('also', ids(also));
  if (mine.length > 0) params.set('offered', ids(mine.slice(0, OFFER_SIDE_MAX)));
  return `/item/${first?.id}?${params.toString().replace(/%2C/g, ',')}`;
}
