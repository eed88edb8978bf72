import { describe, expect, it } from 'vitest';
import type { ListingSummary, WantedMatch } from '../../../shared/matching';
import { bundleOfferLink, bundlesByOwner } from './bundles';

const person = (id: string) => ({
  id,
  nickname: id,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  isMember: false,
});
const listing = (id: number, owner: string): ListingSummary => ({
  id,
  title: `Listing ${id}`,
  thumbnail: null,
  mode: 'swap',
  owner: person(owner),
});
const wanted = (theirs: ListingSummary, mine: ListingSummary): WantedMatch => ({
  ...theirs,
  source: 'listed',
  mine,
});

describe('bundles of one member’s listings', () => {
  it('groups by owner, mutual first, each listing once, only owners with several', () => {
    const a = listing(1, 'me');
    const b = listing(2, 'me');
    const bundles = bundlesByOwner({
      mutual: [{ mine: a, theirs: listing(10, 'bob') }],
      wanted: [
        wanted(listing(11, 'bob'), b),
        wanted(listing(10, 'bob'), b),
        wanted(listing(20, 'cat'), a),
      ],
    });
    expect(bundles).toHaveLength(1);
    expect(bundles[0]?.owner.id).toBe('bob');
    expect(bundles[0]?.theirs.map((l) => l.id)).toEqual([10, 11]);
    expect(bundles[0]?.mine.map((l) => l.id)).toEqual([1, 2]);
  });

  it('leaves give-aways out: they are asked for alone, with nothing offered', () => {
    const mine = listing(1, 'me');
    const bundles = bundlesByOwner({
      mutual: [],
      wanted: [
        wanted(listing(11, 'bob'), mine),
        wanted({ ...listing(12, 'bob'), mode: 'giveaway' }, mine),
      ],
    });
    expect(bundles).toEqual([]);
  });

  it('links to the first listing with the next ones and the member’s own preselected, five at most', () => {
    const theirs = [10, 11, 12, 13, 14, 15].map((id) => listing(id, 'bob'));
    expect(bundleOfferLink(theirs, [listing(1, 'me'), listing(2, 'me')])).toBe(
      '/item/10?action=offer&also=11,12,13,14&offered=1,2',
    );
    expect(bundleOfferLink([listing(10, 'bob')], [listing(1, 'me')])).toBe(
      '/item/10?action=offer&offered=1',
    );
  });
});
