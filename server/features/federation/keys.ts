import type { webcrypto } from 'node:crypto';
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { federationKeys } from '../../db/schema/federation.js';
import type { Subscribe } from '../../infra/features.js';
import '../auth/auth.events.js';

/** RSA for HTTP Signatures (what Mastodon checks), Ed25519 for Object Integrity Proofs. */
const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

/**
 * RSA keys of 2048 bits, as Mastodon makes them, not the library's 4096: making one took 0.8–3 s
 * of CPU on a busy server (2048: 0.07–0.3 s) and every signature costs several times more
 * (docs/decisions/014-rsa-2048.md). Keys stored before keep working: any size verifies.
 */
const RSA_BITS = 2048;

async function makeKeyPair(
  algorithm: (typeof ALGORITHMS)[number],
): Promise<webcrypto.CryptoKeyPair> {
  if (algorithm === 'Ed25519') return generateCryptoKeyPair(algorithm);
  return (await crypto.subtle.generateKey(
    {
      name: algorithm,
      modulusLength: RSA_BITS,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  )) as webcrypto.CryptoKeyPair;
}

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
      const made = await makeKeyPair(algorithm);
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

export const MEMBER_KEYS_QUEUE = 'federation.member-keys';

/**
 * A new member's key pairs are made in the background when they register: made on first use
 * instead, the first offer a member sends to another instance waited for an RSA key pair (a
 * second or more on a busy server) before it could be signed.
 */
export function memberKeysListeners(ctx: AppContext, on: Subscribe): void {
  if (!ctx.config.federation.enabled) return;
  on('member.registered', async (tx, { userId }) => {
    await ctx.jobs.enqueue(tx, MEMBER_KEYS_QUEUE, { userId });
  });
}

const memberKeysJobSchema = z.object({ userId: z.string() });

export async function runMemberKeys(ctx: AppContext, payload: unknown): Promise<void> {
  await keyPairsOf(ctx.db, memberKeysJobSchema.parse(payload).userId);
}
