import { describe, expect, it } from 'vitest';
import {
  CELL_DEGREES,
  distanceKm,
  FUZZ_MAX_KM,
  FUZZ_MIN_KM,
  fuzzedPoint,
  shownDistanceKm,
} from './fuzz.js';

const leeds = { latitude: 53.7965, longitude: -1.5478 };

describe('public points', () => {
  it('lie 0.5–1.5 km from the real point, wherever it is in its cell, in every direction', () => {
    const bearings = new Set<number>();
    for (let member = 1; member <= 500; member++) {
      // Points spread over several cells, at their corners too.
      const exact = {
        latitude: leeds.latitude + ((member % 7) - 3) * CELL_DEGREES * 0.49,
        longitude: leeds.longitude + ((member % 11) - 5) * CELL_DEGREES * 0.49,
      };
      const point = fuzzedPoint('secret-a', `member-${member}`, exact);
      const away = distanceKm(exact, point);
      expect(away).toBeGreaterThanOrEqual(FUZZ_MIN_KM);
      expect(away).toBeLessThanOrEqual(FUZZ_MAX_KM);
      expect(fuzzedPoint('secret-a', `member-${member}`, exact)).toEqual(point);
      bearings.add(
        Math.round(
          (Math.atan2(point.longitude - exact.longitude, point.latitude - exact.latitude) * 4) /
            Math.PI,
        ),
      );
    }
    // Every direction occurs (eight sectors).
    expect(bearings.size).toBeGreaterThanOrEqual(8);
  });

  it('are one per member and place: points of one cell share it, other members and places do not', () => {
    const near = { latitude: leeds.latitude + 0.0002, longitude: leeds.longitude - 0.0003 };
    const mine = fuzzedPoint('secret-a', 'ann', leeds);
    expect(fuzzedPoint('secret-a', 'ann', near)).toEqual(mine);
    expect(fuzzedPoint('secret-a', 'bob', leeds)).not.toEqual(mine);
    const york = { latitude: 53.9576, longitude: -1.0827 };
    const there = fuzzedPoint('secret-a', 'ann', york);
    // Another place gets its own offset, not Leeds's moved along.
    expect(there.latitude - york.latitude).not.toBeCloseTo(mine.latitude - leeds.latitude, 6);
  });

  it('depend on the secret', () => {
    expect(fuzzedPoint('secret-a', 'ann', leeds)).not.toEqual(
      fuzzedPoint('secret-b', 'ann', leeds),
    );
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
