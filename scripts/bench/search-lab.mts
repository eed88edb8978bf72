// Development aid: times the app's own search calls (searchListings / searchFacets) on the bench's data
// set, one at a time, after a warm-up: `npx tsx scripts/bench/search-lab.mts [query …]`.
import { createDatabase } from '../../server/db/client.js';
import {
  searchEngines,
  searchFacets,
  searchListings,
} from '../../server/features/search/search.service.js';
import { benchDataset } from './dataset.js';

const queries = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const facets = process.argv.includes('--facets');
const dataset = await benchDataset(() => {});
const db = createDatabase(dataset.url, { info: () => {}, warn: console.warn } as never, { max: 2 });
const list = queries.length
  ? queries
  : [
      'vintage',
      'guitar',
      'camera',
      'collection only',
      'theodolite',
      'tele',
      'telescpoe',
      'guitr',
      'bycicle',
    ];
for (const search of list) {
  const query = { limit: 24, offset: 0, search } as never;
  const request = { query, viewerId: null };
  const run = () =>
    facets
      ? searchFacets(db, searchEngines(), request)
      : searchListings(db, searchEngines(), request);
  const first = await run();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const shown = Array.isArray(first)
    ? `${first.length} found, first: ${first
        .slice(0, 3)
        .map((r) => r.item.title)
        .join(' | ')}`
    : JSON.stringify(first).slice(0, 160);
  process.stdout.write(
    `${search.padEnd(16)} median ${times[7]?.toFixed(1)} ms, max ${times[14]?.toFixed(1)} ms; ${shown}\n`,
  );
}
await (db as unknown as { $client: { end: () => Promise<void> } }).$client.end();
