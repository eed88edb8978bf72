/**
 * Rebuilds the want graph from scratch: `npm run matching:rebuild`. For recovery; the graph is
 * otherwise kept up to date after every change by the upkeep job. Works with DATABASE_URL or the
 * embedded database (adopting it if the app is running). Readers see the old graph until the
 * rebuild commits; the upkeep waits for it (listing changes do not). Members with open tabs are
 * told to refetch their matches.
 */
import { rebuildGraph } from '../server/features/matching/want-graph.js';
import { createStandaloneEventBus } from '../server/infra/event-bus.js';
import { runWithDatabase } from './with-database.js';

runWithDatabase(async (db) => {
  const started = performance.now();
  const built = await db.transaction((tx) => rebuildGraph(tx, (line) => console.info(line)));
  const events = createStandaloneEventBus(db, { warn: (_o, m) => console.warn(m), info: () => {} });
  await events.publish('everyone', { type: 'matches' });
  await events.close();
  console.info(
    `Want graph rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s: ${built.listings} listings, ${built.phrases} phrases, ${built.edges} edges, ${built.circles} circles.`,
  );
  return 0;
});
