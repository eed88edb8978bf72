import { lookUpPlace } from './gazetteer.js';

export type Coordinates = { latitude: number; longitude: number };
export type Geocoder = (text: string | null) => Promise<Coordinates | null>;

type Log = { warn: (obj: object, msg: string) => void };

const TIMEOUT_MS = 3000;

async function askService(baseUrl: string, text: string): Promise<Coordinates | null> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.search = new URLSearchParams({ format: 'json', q: text, limit: '1' }).toString();
  const response = await fetch(url, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  const [first] = (await response.json()) as Array<{ lat?: string; lon?: string }>;
  const latitude = Number(first?.lat);
  const longitude = Number(first?.lon);
  return Number.isFinite(latitude) && Number.isFinite(longitude) ? { latitude, longitude } : null;
}

/**
 * Location text to coordinates on the server, so browsers never call a third party. A
 * Nominatim-compatible GEOCODER_URL is asked first when set; the offline gazetteer answers
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
    return lookUpPlace(query);
  };
}
