import { describe, expect, it } from 'vitest';
import { browseHref, readBrowseSearch } from './browse-url';

describe('browse URL', () => {
  it('round-trips words, category, place, radius and distance sort', () => {
    const search = {
      search: 'bike',
      categoryId: 3,
      near: 'York',
      radiusKm: 10,
      sort: 'distance' as const,
    };
    const href = browseHref(search);
    expect(href).toBe('/browse?search=bike&categoryId=3&near=York&radiusKm=10&sort=distance');
    expect(readBrowseSearch(new URL(href, 'http://x').searchParams)).toEqual(search);
  });

  it('drops a radius and a distance sort without a place, and a radius out of range', () => {
    expect(readBrowseSearch(new URLSearchParams('radiusKm=10&sort=distance'))).toEqual({
      search: undefined,
      categoryId: undefined,
    });
    expect(readBrowseSearch(new URLSearchParams('near=York&radiusKm=900')).radiusKm).toBe(25);
    expect(browseHref({})).toBe('/browse');
  });

  it('says scope=local for this community only, and nothing for everywhere (the default)', () => {
    const local = { search: 'bike', categoryId: undefined, scope: 'local' as const };
    const href = browseHref(local);
    expect(href).toBe('/browse?search=bike&scope=local');
    expect(readBrowseSearch(new URL(href, 'http://x').searchParams)).toEqual(local);
    expect(browseHref({ near: 'York', scope: 'local' })).toBe(
      '/browse?near=York&radiusKm=25&scope=local',
    );
    // Everywhere leaves every address as it was.
    expect(browseHref({ search: 'bike', scope: undefined })).toBe('/browse?search=bike');
    expect(readBrowseSearch(new URLSearchParams('search=bike&scope=everywhere'))).toEqual({
      search: 'bike',
      categoryId: undefined,
    });
    expect(readBrowseSearch(new URLSearchParams('scope=nonsense')).scope).toBeUndefined();
  });

  it('says mode=giveaway or mode=swap for one kind, and nothing for both (the default)', () => {
    const free = { search: 'lamp', categoryId: undefined, mode: 'giveaway' as const };
    const href = browseHref(free);
    expect(href).toBe('/browse?search=lamp&mode=giveaway');
    expect(readBrowseSearch(new URL(href, 'http://x').searchParams)).toEqual(free);
    expect(browseHref({ mode: 'swap', scope: 'local' })).toBe('/browse?scope=local&mode=swap');
    expect(browseHref({ near: 'York', mode: 'giveaway' })).toBe(
      '/browse?near=York&radiusKm=25&mode=giveaway',
    );
    expect(readBrowseSearch(new URLSearchParams('near=York&mode=swap')).mode).toBe('swap');
    expect(browseHref({ search: 'lamp', mode: undefined })).toBe('/browse?search=lamp');
    expect(readBrowseSearch(new URLSearchParams('mode=free')).mode).toBeUndefined();
  });
});
