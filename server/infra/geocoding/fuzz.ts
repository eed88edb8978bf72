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
 * Points are put on a grid of this many degrees (about 110 m north–south) before they are
 * moved: every point of a cell gets the cell's public point.
 */
export const CELL_DEGREES = 0.001;
/** The farthest a point lies from its cell's centre: half the cell's diagonal at the equator. */
export const CELL_REACH_KM = 0.08;

/**
 * What a member's listing shows the world instead of its point: the centre of the point's grid
 * cell moved 0.5–1.5 km from the point, in a direction and by a distance both drawn from an HMAC,
 * under a server secret, of the member and the cell. So every listing a member has at one place
 * shows one and the same public point (averaging their points, or repeated searches, gives
 * nothing one listing does not), another member's listings there show another, the point stays
 * put while the listing does, and without the secret the offset cannot be undone. Distances are
 * drawn so that, whatever the point's place in its cell, the public point lies 0.5–1.5 km from it.
 */
export function fuzzedPoint(secret: string, ownerId: string, exact: Coordinates): Coordinates {
  const row = Math.round(exact.latitude / CELL_DEGREES);
  const column = Math.round(exact.longitude / CELL_DEGREES);
  const digest = createHmac('sha256', secret)
    .update(`listing-point:${ownerId}:${row}:${column}`)
    .digest();
  const bearing = (digest.readUInt32BE(0) / 2 ** 32) * 2 * Math.PI;
  const nearest = FUZZ_MIN_KM + CELL_REACH_KM;
  const farthest = FUZZ_MAX_KM - CELL_REACH_KM;
  const distance = nearest + (digest.readUInt32BE(4) / 2 ** 32) * (farthest - nearest);
  const centre = {
    latitude: Math.max(-90, Math.min(90, row * CELL_DEGREES)),
    longitude: column * CELL_DEGREES,
  };
  return destination(centre, bearing, distance);
}

/**
 * A distance as search results show it: whole kilometres, at least 1. Measured to a public
 * point, rounded: too coarse to triangulate the real point from several searches.
 */
export const shownDistanceKm = (km: number) => Math.max(1, Math.round(km));
