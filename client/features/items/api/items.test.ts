import { describe, expect, it } from 'vitest';
import { ITEMS_PAGE_SIZE } from '../../../../shared/limits';
import { itemsUrl } from './items';

const firstPage = { limit: ITEMS_PAGE_SIZE, offset: 0 };

describe('itemsUrl', () => {
  it('asks for the first page of everything without parameters', () => {
    expect(itemsUrl({}, firstPage)).toBe('/api/items');
  });

  it("names a browse search as the browse page's URL does", () => {
    expect(
      itemsUrl(
        { search: 'bike', categoryId: 3, near: 'York', radiusKm: 10, sort: 'distance' },
        firstPage,
      ),
    ).toBe('/api/items?search=bike&categoryId=3&near=York&radiusKm=10&sort=distance');
    // No radius or sort without a place.
    expect(itemsUrl({ search: 'bike', radiusKm: 10, sort: 'distance' }, firstPage)).toBe(
      '/api/items?search=bike',
    );
  });

  it("adds a member's listings, a page size other than the default, and an offset", () => {
    expect(itemsUrl({ userId: 'u1' }, { limit: 100, offset: 0 })).toBe(
      '/api/items?userId=u1&limit=100',
    );
    expect(itemsUrl({ search: 'lamp' }, { limit: ITEMS_PAGE_SIZE, offset: 48 })).toBe(
      '/api/items?search=lamp&offset=48',
    );
  });
});
