import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The list of erased accounts kept beside the data (issue 40 §1, "Backups"): one JSON line per
 * erasure, `{"id": …, "erasedAt": …}`, ids only (never an address or a name), so that a restore
 * of a snapshot taken before an erasure erases that member again (erasure.ts reapplyErasures).
 * Appended and flushed to disk once the erasure commits; written readable by its owner only.
 */
export type ListedErasure = { id: string; erasedAt: string };

export async function appendErasures(file: string, entries: ListedErasure[]): Promise<void> {
  if (entries.length === 0) return;
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, 'a', 0o600);
  try {
    await handle.write(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The ids listed in `file`; none when it does not exist. A damaged line is skipped. */
export async function readErasures(file: string): Promise<Set<string>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const ids = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as Partial<ListedErasure>;
      if (typeof entry.id === 'string' && entry.id.length > 0 && entry.id.length <= 64)
        ids.add(entry.id);
    } catch {
      // A line cut short by a crash mid-append: the erasure it named is in the database.
    }
  }
  return ids;
}
