import { describe, expect, it } from 'vitest';
import { distanceKm, FUZZ_MAX_KM, FUZZ_MIN_KM, fuzzedPoint, shownDistanceKm } from './fuzz.js';

const leeds = { latitude: 53.7965, longitude: -1.5478 };

describe('public points', () => {
  it('lie 0.5–1.5 km from the real point, the same every time for a listing', () => {
    const bearings = new Set<number>();
    for (let id = 1; id <= 500; id++) {
      const point = fuzzedPoint('secret-a', id, leeds);
      const away = distanceKm(leeds, point);
      expect(away).toBeGreaterThanOrEqual(FUZZ_MIN_KM - 1e-9);
      expect(away).toBeLessThanOrEqual(FUZZ_MAX_KM + 1e-9);
      expect(fuzzedPoint('secret-a', id, leeds)).toEqual(point);
      bearings.add(
        Math.round(
          (Math.atan2(point.longitude - leeds.longitude, point.latitude - leeds.latitude) * 4) /
            Math.PI,
        ),
      );
    }
    // Every direction occurs (eight sectors).
    expect(bearings.size).toBeGreaterThanOrEqual(8);
  });

  it('depend on the secret', () => {
    expect(fuzzedPoint('secret-a', 7, leeds)).not.toEqual(fuzzedPoint('secret-b', 7, leeds));
  });

  it('show distances in whole kilometres, at least 1', () => {
    expect(shownDistanceKm(0.2)).toBe(1);
    expect(shownDistanceKm(4.49)).toBe(4);
    expect(shownDistanceKm(4.5)).toBe(5);
  });

  it('measure like earthdistance (Leeds–London ≈ 272 km)', () => {
    expect(distanceKm(leeds, { latitude: 51.5074, longitude: -0.1278 })).toBeCloseTo(272, 0);
  });
});
