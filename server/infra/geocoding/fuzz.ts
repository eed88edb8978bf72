import { createHmac } from 'node:crypto';
import type { Coordinates } from './geocoder.js';

/** earthdistance's sphere (earth() = 6,378,168 m): JS and SQL distances agree to the metre. */
export const EARTH_RADIUS_KM = 6378.168;

/** The public point lies this far from the real one, in a direction only the server knows. */
export const FUZZ_MIN_KM = 0.5;
export const FUZZ_MAX_KM = 1.5;
/** The area a map shows around the public point: it always contains the real one. */
export const AREA_RADIUS_KM = 2;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** The point `distanceKm` away from `from` along `bearing` (radians from north), on the sphere. */
export function destination(from: Coordinates, bearing: number, distanceKm: number): Coordinates {
  const angular = distanceKm / EARTH_RADIUS_KM;
  const lat1 = toRadians(from.latitude);
  const lon1 = toRadians(from.longitude);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
  );
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  // Back into -180…180.
  const longitude = ((toDegrees(lon2) + 540) % 360) - 180;
  return { latitude: toDegrees(lat2), longitude };
}

/** Great-circle distance in km on earthdistance's sphere. */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * What a listing shows the world instead of its point: the point moved 0.5–1.5 km in a
 * direction, both drawn from an HMAC of the listing id under a server secret. The same listing
 * always gets the same public point (so repeated searches average nothing out), and without
 * the secret the offset cannot be undone.
 */
export function fuzzedPoint(secret: string, listingId: number, exact: Coordinates): Coordinates {
  const digest = createHmac('sha256', secret).update(`listing-point:${listingId}`).digest();
  const bearing = (digest.readUInt32BE(0) / 2 ** 32) * 2 * Math.PI;
  const distance = FUZZ_MIN_KM + (digest.readUInt32BE(4) / 2 ** 32) * (FUZZ_MAX_KM - FUZZ_MIN_KM);
  return destination(exact, bearing, distance);
}

/**
 * A distance as search results show it: whole kilometres, at least 1. Measured to a public
 * point, rounded: too coarse to triangulate the real point from several searches.
 */
export const shownDistanceKm = (km: number) => Math.max(1, Math.round(km));
