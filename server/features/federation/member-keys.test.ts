import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from '../../testing/app.js';
import { eventually, startInstance, type TestInstance } from '../../testing/instances.js';

let at: TestInstance;
beforeAll(async () => {
  at = await startInstance('keys');
});
afterAll(() => at.close());

describe('a new member’s keys', () => {
  it('are made in the background when they register, before anything is sent in their name', async () => {
    const member = await registerMember(at.app);
    const algorithms = await eventually('both key pairs stored', async () => {
      const { rows } = await at.db.execute<{ algorithm: string }>(
        sql`select algorithm from federation_keys where owner = ${member.user.id} order by algorithm`,
      );
      return rows.length === 2 ? rows.map((row) => row.algorithm) : undefined;
    });
    expect(algorithms).toEqual(['Ed25519', 'RSASSA-PKCS1-v1_5']);
  });

  it('sign HTTP requests with RSA of 2048 bits, as Mastodon does (quick to make and to sign with)', async () => {
    const member = await registerMember(at.app);
    const modulus = await eventually('the RSA key stored', async () => {
      const { rows } = await at.db.execute<{ n: string }>(
        sql`select public_key->>'n' as n from federation_keys where owner = ${member.user.id} and algorithm = 'RSASSA-PKCS1-v1_5'`,
      );
      return rows[0]?.n;
    });
    expect(Buffer.from(modulus, 'base64url').length * 8).toBe(2048);
  });
});
