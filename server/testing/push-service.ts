import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

/**
 * A push service for tests (RFC 8030) on loopback, and a browser's side of a subscription: the
 * P-256 key pair and auth secret that decrypt what the server sends (RFC 8291, aes128gcm).
 */
export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export async function startPushService() {
  const received: ReceivedPush[] = [];
  /** The status each path answers with (201 unless set). */
  const statusOf = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statusOf.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    statusOf,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription keys. */
export function browserKeys(): { ecdh: ECDH; auth: Buffer; p256dh: string; authText: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authText: auth.toString('base64url'),
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) as the browser would. */
export function decryptPush(body: Buffer, keys: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('More than one record');
  const shared = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = hkdf(keys.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('Not the last record');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks the VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`, an ES256
 * JWT signed by that key for the endpoint's origin. Returns the key and the JWT's claims.
 */
export function readVapid(header: string | undefined): {
  publicKey: string;
  claims: { aud: string; exp: number; sub: string };
} {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`Not a VAPID header: ${header}`);
  const [head, payload, signature] = match[1].split('.');
  if (!head || !payload || !signature) throw new Error('Not a JWT');
  const raw = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('The VAPID signature does not verify');
  return {
    publicKey: match[2],
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
  };
}
