// Starts (and seeds if needed) the bench's data set, prints its URL and keeps it up until killed.
import { benchDataset } from './dataset.js';

const db = await benchDataset();
process.stdout.write(`ready ${db.url}\n`);
if (!process.argv.includes('--keep')) await db.stop();
