import { describe, expect, it } from 'vitest';
import { asksForFresh } from './cache-control.js';

describe('asksForFresh', () => {
  it('hears no-cache and max-age=0 among other directives, in any case', () => {
    expect(asksForFresh('no-cache')).toBe(true);
    expect(asksForFresh('No-Cache')).toBe(true);
    expect(asksForFresh('no-transform, max-age=0')).toBe(true);
  });

  it('keeps to kept answers otherwise', () => {
    expect(asksForFresh(undefined)).toBe(false);
    expect(asksForFresh('')).toBe(false);
    expect(asksForFresh('max-age=60')).toBe(false);
    expect(asksForFresh('max-age=00x')).toBe(false);
    expect(asksForFresh('no-cache-please')).toBe(false);
  });
});
