/**
 * Promotes an existing account to admin: `npm run make-admin -- someone@example.com`.
 * Works with DATABASE_URL or the embedded database (adopting it if the app is running).
 */
import { ConfigError, loadConfig } from '../server/config.js';
import { createDatabase } from '../server/db/client.js';
import { connectDatabase } from '../server/db/connect.js';
import { makeAdmin } from '../server/features/auth/auth.service.js';

async function main(): Promise<number> {
  const email = process.argv[2]?.trim();
  if (!email?.includes('@')) {
    console.error('Usage: npm run make-admin -- someone@example.com');
    return 2;
  }
  const config = loadConfig();
  const quiet = { info: () => {}, warn: (m: string) => console.warn(m) };
  const { url, embedded } = await connectDatabase(config, quiet);
  const db = createDatabase(url, { error: (_obj, msg) => console.error(msg) });
  try {
    const user = await makeAdmin({ db }, email);
    if (!user) {
      console.error(`No account uses ${email}. Register it first, then run this again.`);
      return 1;
    }
    console.info(`${user.email} is now an admin.`);
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
