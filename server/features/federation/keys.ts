import type { webcrypto } from 'node:crypto';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { federationKeys } from '../../db/schema/federation.js';

/** RSA for HTTP Signatures (what Mastodon checks), Ed25519 for Object Integrity Proofs. */
const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

/** The instance actor's owner name in `federation_keys` (members are named by their id). */
export const INSTANCE_OWNER = 'instance';

/**
 * The key pairs `owner` signs with, made and stored the first time they are needed. Two servers
 * making them at once keep whichever was stored first (on conflict do nothing, then read).
 */
export async function keyPairsOf(db: Database, owner: string): Promise<webcrypto.CryptoKeyPair[]> {
  const pairs: webcrypto.CryptoKeyPair[] = [];
  for (const algorithm of ALGORITHMS) {
    const where = and(eq(federationKeys.owner, owner), eq(federationKeys.algorithm, algorithm));
    let [row] = await db.select().from(federationKeys).where(where);
    if (!row) {
      const made = await generateCryptoKeyPair(algorithm);
      await db
        .insert(federationKeys)
        .values({
          owner,
          algorithm,
          publicKey: await exportJwk(made.publicKey),
          privateKey: await exportJwk(made.privateKey),
        })
        .onConflictDoNothing();
      [row] = await db.select().from(federationKeys).where(where);
    }
    if (!row) throw new Error(`No ${algorithm} key for ${owner}`);
    pairs.push({
      publicKey: await importJwk(row.publicKey as webcrypto.JsonWebKey, 'public'),
      privateKey: await importJwk(row.privateKey as webcrypto.JsonWebKey, 'private'),
    });
  }
  return pairs;
}
