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

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The VAPID key pair that signs Web Push requests: from the environment, else generated once and
 * kept in DATA_DIR/vapid-keys.json. Browsers bind their subscriptions to the public key, so it
 * must never change (a new one orphans every subscription): several app servers share it through
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY or a shared DATA_DIR.
 */
export async function resolveVapidKeys(
  fromEnv: VapidKeys | undefined,
  dataDir: string,
  generate: () => VapidKeys,
): Promise<VapidKeys> {
  if (fromEnv) return fromEnv;
  const file = path.resolve(dataDir, 'vapid-keys.json');
  const read = async () => {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
      throw new Error(`${file} does not hold a VAPID key pair`);
    }
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = generate();
  try {
    await writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}
