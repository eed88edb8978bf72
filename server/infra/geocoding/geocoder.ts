import { distanceKm } from './fuzz.js';
import { lookUpPlace, nearestPlace } from './gazetteer.js';

export type Coordinates = { latitude: number; longitude: number };

/**
 * Where a location text is: its point (private to the server: it may be a street address) and the
 * name of the place around it that listings show instead of the text (a town, a city or a city's
 * district; null when none is known).
 */
export type Located = Coordinates & { place: string | null };
export type Geocoder = (text: string | null) => Promise<Located | null>;

type Log = { warn: (obj: object, msg: string) => void };

const TIMEOUT_MS = 3000;
/** Longer names are cut: a place name is never this long, whatever a service answers. */
const PLACE_MAX_LENGTH = 120;

/** Nominatim's `address`: from the house number up; only these are coarse enough to show. */
type Address = Partial<
  Record<'city' | 'town' | 'village' | 'municipality' | 'county' | 'state', string>
>;
const SHOWN_ADDRESS_PARTS = ['city', 'town', 'village', 'municipality', 'county', 'state'] as const;

/** The name shown for a point: the service's town or city, else the gazetteer's nearest place. */
function placeOf(point: Coordinates, address: Address | undefined): string | null {
  const part = SHOWN_ADDRESS_PARTS.map((key) => address?.[key]?.trim()).find(Boolean);
  const name = part ?? nearestPlace(point)?.name ?? null;
  return name === null ? null : name.slice(0, PLACE_MAX_LENGTH);
}

async function askService(baseUrl: string, text: string): Promise<Located | null> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.search = new URLSearchParams({
    format: 'json',
    q: text,
    limit: '1',
    addressdetails: '1',
  }).toString();
  const response = await fetch(url, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  const [first] = (await response.json()) as Array<{
    lat?: string;
    lon?: string;
    address?: Address;
  }>;
  const latitude = Number(first?.lat);
  const longitude = Number(first?.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const point = { latitude, longitude };
  return { ...point, place: placeOf(point, first?.address) };
}

/**
 * Location text to a point and a place name on the server, so browsers never call a third party.
 * A Nominatim-compatible GEOCODER_URL is asked first when set; the offline gazetteer answers
 * otherwise, and whenever the service fails.
 */
export function createGeocoder(options: { serviceUrl: string | undefined; log: Log }): Geocoder {
  return async (text) => {
    const query = text?.trim();
    if (!query) return null;
    if (options.serviceUrl) {
      try {
        const found = await askService(options.serviceUrl, query);
        if (found) return found;
      } catch (error) {
        options.log.warn({ err: error }, 'Geocoding service failed; using the offline gazetteer');
      }
    }
    const place = lookUpPlace(query);
    return place && { latitude: place.latitude, longitude: place.longitude, place: place.name };
  };
}

/** How far from a point the place its text names may be and still name it. */
const NAMED_PLACE_REACH_KM = 10;

/**
 * The place name for a point found earlier from `text` (listings located before their place
 * names were kept): the place the text names when the point is in it (the gazetteer found that
 * place, or a service found an address there), else the place nearest to the point.
 */
export function placeForPoint(text: string | null, point: Coordinates): string | null {
  const byName = text ? lookUpPlace(text) : null;
  if (byName && distanceKm(byName, point) <= NAMED_PLACE_REACH_KM) return byName.name;
  return nearestPlace(point)?.name ?? null;
}
