/**
 * The frame of a command-line script that works on the app's database: DATABASE_URL or the
 * embedded server (adopted when the app is running, started and stopped again otherwise), the
 * connection closed at the end, and the exit status the script returns (1 on an error, with the
 * configuration's own message when that is what failed).
 */
import { type Config, ConfigError, loadConfig } from '../server/config.js';
import { createDatabase, type Database } from '../server/db/client.js';
import { connectDatabase } from '../server/db/connect.js';

type Script = (db: Database, config: Config, url: string) => Promise<number>;

/** `migrate: false` hands the database over as it is (backup, restore). */
export type ScriptOptions = { migrate?: boolean };

export function runWithDatabase(script: Script, options: ScriptOptions = {}): void {
  run(script, options).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}

async function run(script: Script, options: ScriptOptions): Promise<number> {
  const config = loadConfig();
  const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };
  const { url, embedded } = await connectDatabase(config, quiet, options);
  const db = createDatabase(url, { error: (_obj, msg) => console.error(msg) });
  try {
    return await script(db, config, url);
  } finally {
    await db.$client.end();
    // A server the running app uses stays up; one started just for this stops again.
    if (embedded && !embedded.adopted) await embedded.stop();
  }
}
