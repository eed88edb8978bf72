import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * SESSION_SECRET from the environment, else one generated once and kept in DATA_DIR. Several app
 * servers must share it: set SESSION_SECRET for them.
 */
export async function resolveSessionSecret(
  fromEnv: string | undefined,
  dataDir: string,
): Promise<string> {
  if (fromEnv) return fromEnv;
  const file = path.resolve(dataDir, 'session-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it first; use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return (await readFile(file, 'utf8')).trim();
    throw error;
  }
}
