/**
 * Rebuilds the want graph from scratch: `npm run matching:rebuild`. For recovery; the graph is
 * otherwise kept up to date with every change. Works with DATABASE_URL or the embedded database
 * (adopting it if the app is running). Readers see the old graph until the rebuild commits;
 * listing changes wait for it. Members with open tabs are told to refetch their matches.
 */
import { ConfigError, loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/client.js';
import { connectDatabase } from '../server/db/connect.js';
import { rebuildGraph } from '../server/features/matching/want-graph.js';
import { createEventBus } from '../server/infra/event-bus.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };
  const { url, embedded } = await connectDatabase(config, quiet);
  const db = createDatabase(url, { error: (_obj, msg) => console.error(msg) });
  try {
    const started = performance.now();
    const built = await db.transaction((tx) => rebuildGraph(tx, (line) => console.info(line)));
    const events = createEventBus(db, { warn: (_o, m) => console.warn(m), info: () => {} });
    await events.publish('everyone', { type: 'matches' });
    await events.close();
    console.info(
      `Want graph rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s: ${built.listings} listings, ${built.phrases} phrases, ${built.edges} edges, ${built.circles} circles.`,
    );
    return 0;
  } finally {
    await db.$client.end();
    // A server the running app uses stays up; one started just for this stops again.
    if (embedded && !embedded.adopted) await embedded.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
