import { freshDatabase } from './database.js';
import { seed } from './seed.js';

/**
 * The bench's 100k data set for the focused scripts (relevance, search lab): the one of the last
 * run when it exists (bench/.data or DATABASE_URL), else seeded now. Migrations run either way, so
 * an index or extension added since the last seed is there.
 */
export async function benchDataset(
  report: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
) {
  const database = await freshDatabase(report, { reuse: true });
  if (!database.reused) {
    report(`seeding PostgreSQL ${database.version}`);
    await seed(database.url, report);
  }
  return database;
}
