import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder, placeForPoint } from './geocoder.js';

/** A Nominatim stand-in: answers each query from `answers`, and records what it was asked. */
const answers = new Map<string, unknown>();
const asked: URLSearchParams[] = [];
let server: Server;
let serviceUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    asked.push(query);
    const answer = answers.get(query.get('q') ?? '');
    if (answer === undefined) {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const quiet = { warn: () => {} };
const bakerStreet = { latitude: 51.5238, longitude: -0.1586 };

describe('createGeocoder', () => {
  it('keeps the service’s point and shows its town or city, never the street', async () => {
    answers.set('221B Baker Street, London', [
      {
        lat: String(bakerStreet.latitude),
        lon: String(bakerStreet.longitude),
        address: {
          house_number: '221B',
          road: 'Baker Street',
          suburb: 'Marylebone',
          city: 'London',
          postcode: 'NW1 6XE',
        },
      },
    ]);
    const geocode = createGeocoder({ serviceUrl, log: quiet });
    expect(await geocode('221B Baker Street, London')).toEqual({ ...bakerStreet, place: 'London' });
    expect(asked.at(-1)?.get('addressdetails')).toBe('1');
  });

  it('names a point the service gives without an address after the nearest place', async () => {
    answers.set('Somewhere odd', [{ lat: '53.7965', lon: '-1.5478' }]);
    const geocode = createGeocoder({ serviceUrl, log: quiet });
    expect(await geocode('Somewhere odd')).toMatchObject({ place: 'Leeds' });
  });

  it('falls back to the gazetteer, which names the place, not the text', async () => {
    const geocode = createGeocoder({ serviceUrl, log: quiet });
    // The stand-in answers 503 to what it does not know.
    expect(await geocode('12 Briggate, Leeds')).toMatchObject({ place: 'Leeds' });
    const offline = createGeocoder({ serviceUrl: undefined, log: quiet });
    expect(await offline('Flat 1, 2 High Street, Camden, London')).toMatchObject({
      place: 'London',
    });
    expect(await offline('12 Nowhere Lane')).toBeNull();
    expect(await offline('   ')).toBeNull();
  });
});

describe('placeForPoint', () => {
  it('names the place the text names when the point is in it, else the nearest place', () => {
    expect(placeForPoint('221B Baker Street, London', bakerStreet)).toBe('London');
    expect(placeForPoint('York', { latitude: 53.95763, longitude: -1.08271 })).toBe('York');
    // The text names a place far from the point: the point decides.
    expect(placeForPoint('York', { latitude: 53.7965, longitude: -1.5478 })).toBe('Leeds');
    expect(placeForPoint(null, { latitude: 53.7965, longitude: -1.5478 })).toBe('Leeds');
  });
});
