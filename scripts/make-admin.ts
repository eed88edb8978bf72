/**
 * Promotes an existing account to admin: `npm run make-admin -- someone@example.com`.
 * Works with DATABASE_URL or the embedded database (adopting it if the app is running).
 */
import { makeAdmin } from '../server/features/auth/auth.service.js';
import { runWithDatabase } from './with-database.js';

const email = process.argv[2]?.trim();
if (!email?.includes('@')) {
  console.error('Usage: npm run make-admin -- someone@example.com');
  process.exit(2);
}

runWithDatabase(async (db) => {
  const user = await makeAdmin({ db }, email);
  if (!user) {
    console.error(`No account uses ${email}. Register it first, then run this again.`);
    return 1;
  }
  console.info(`${user.email} is now an admin.`);
  return 0;
});
