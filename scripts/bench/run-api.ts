/**
 * The API table: each measured endpoint under load on the app, the SQL floor (floor.ts) and the
 * static floor (static-floor.ts), after checking that the app and the SQL floor answer the same
 * JSON byte for byte.
 */
import { endpoints } from './endpoints.js';
import { type Endpoint, type LoadResult, measure } from './load.js';
import type { Row } from './report.js';
import {
  CONNECTIONS,
  loadAverage,
  ONLY_ENDPOINTS,
  SECONDS,
  STATIC_PORT,
  say,
} from './run-settings.js';
import { captureAnswer, startStaticFloor } from './servers.js';

export type SameJson = { same: boolean; difference?: string; bytes: number };

/** The endpoints of the API table: those BENCH_ENDPOINTS names, else all. */
export const measuredEndpoints = (conversationId: number) =>
  endpoints(conversationId).filter((e) => !ONLY_ENDPOINTS || ONLY_ENDPOINTS.includes(e.key));

async function sameJson(ours: string, floor: string, endpoint: Endpoint, cookie: string) {
  const path = endpoint.paths[0] ?? '/';
  const [a, b] = await Promise.all([
    fetch(ours + path, { headers: { cookie } }).then((r) => r.text()),
    fetch(floor + path).then((r) => r.text()),
  ]);
  const [ours_, floors] = [JSON.parse(a), JSON.parse(b)];
  return {
    same: JSON.stringify(ours_) === JSON.stringify(floors),
    difference: firstDifference(ours_, floors),
    bytes: Buffer.byteLength(a),
  };
}

/** Where two JSON answers first part (key order included), to say so beside the warning. */
export function firstDifference(a: unknown, b: unknown, at = '$'): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b) ? undefined : `${at}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  const [keysA, keysB] = [Object.keys(a), Object.keys(b)];
  if (keysA.join() !== keysB.join()) return `${at}: keys ${keysA.join()} vs ${keysB.join()}`;
  for (const key of keysA) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${at}.${key}`,
    );
    if (found) return found;
  }
  return undefined;
}

/** The app's and the SQL floor's answers compared on each endpoint the floor has; warns where they differ. */
export async function compareWithFloor(
  appUrl: string,
  floorUrl: string,
  list: Endpoint[],
  cookie: string,
) {
  const checks: Record<string, SameJson> = {};
  for (const endpoint of list.filter((e) => e.floor)) {
    checks[endpoint.key] = await sameJson(appUrl, floorUrl, endpoint, cookie);
    if (!checks[endpoint.key]?.same)
      say(
        `WARNING: ${endpoint.key} answers differ between app and floor (${checks[endpoint.key]?.difference})`,
      );
  }
  return checks;
}

/** The static floor, answering with the app's own bytes, captured once now, before any load. */
export async function staticFloorOfApp(appUrl: string, list: Endpoint[], cookie: string) {
  const answers: Record<string, Awaited<ReturnType<typeof captureAnswer>>> = {};
  for (const endpoint of list.filter((e) => e.floor))
    for (const path of endpoint.paths)
      answers[path] = await captureAnswer(appUrl, path, endpoint.signedIn ? cookie : undefined);
  const staticFloor = await startStaticFloor(STATIC_PORT, answers);
  say(`static floor: ${Object.keys(answers).length} answers captured from the app`);
  return staticFloor;
}

/**
 * Each endpoint at each connection count: a short warm-up per server, then the measured run;
 * app and floors alternate (the floors on the endpoints they have).
 */
export async function loadTable(
  urls: { app: string; floor: string; static: string },
  list: Endpoint[],
  cookie: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const endpoint of list) {
    for (const connections of CONNECTIONS) {
      await measure(urls.app, endpoint, connections, 2, cookie);
      const ours = await measure(urls.app, endpoint, connections, SECONDS, cookie);
      let theirs: LoadResult | undefined;
      let limit: LoadResult | undefined;
      if (endpoint.floor) {
        await measure(urls.floor, endpoint, connections, 2);
        theirs = await measure(urls.floor, endpoint, connections, SECONDS);
        // The static floor needs the cookie on no path, but gets it so headers match.
        await measure(urls.static, endpoint, connections, 2, cookie);
        limit = await measure(urls.static, endpoint, connections, SECONDS, cookie);
      }
      rows.push({
        endpoint,
        connections,
        ours,
        floor: theirs,
        static: limit,
        load: loadAverage(),
      });
      say(
        `${endpoint.label} @${connections}: ${ours.rps.toFixed(0)} req/s p99 ${ours.p99} ms` +
          (theirs
            ? ` | floor ${theirs.rps.toFixed(0)} req/s p99 ${theirs.p99} ms | ×${(ours.rps / theirs.rps).toFixed(2)}`
            : '') +
          (limit
            ? ` | static ${limit.rps.toFixed(0)} req/s p99 ${limit.p99} ms | ×${(ours.rps / limit.rps).toFixed(2)}`
            : '') +
          ` | load ${loadAverage().toFixed(2)}` +
          (ours.non2xx || ours.errors ? ` | ${ours.non2xx} non-2xx, ${ours.errors} errors` : ''),
      );
    }
  }
  return rows;
}
