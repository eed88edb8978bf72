import { describe, expect, it } from 'vitest';
import { idsParam, pickFrom, togglePick } from './listing-pick';

describe('choosing the listings of one side of an offer', () => {
  it('adds at the end up to the limit, and takes out', () => {
    expect(togglePick([3], 5, 2)).toEqual([3, 5]);
    expect(togglePick([3, 5], 7, 2)).toEqual([3, 5]);
    expect(togglePick([3, 5], 3, 2)).toEqual([5]);
  });

  it('keeps of a preselection what may still be named, in its order, once, up to the limit', () => {
    const available = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(pickFrom([4, 9, 2, 4, 1], available, 5)).toEqual([4, 2, 1]);
    expect(pickFrom([4, 2, 1], available, 2)).toEqual([4, 2]);
  });

  it("reads a link's list of ids, skipping anything else", () => {
    expect(idsParam('3, 5,x,-1,0,2.5,8')).toEqual([3, 5, 8]);
    expect(idsParam(null)).toEqual([]);
  });
});
