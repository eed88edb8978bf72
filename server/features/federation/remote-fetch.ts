import { validatePublicUrl } from '@fedify/vocab-runtime';
import type { Executor } from '../../db/client.js';
import { processImage } from '../images/image-processing.js';
import { storeImage } from '../images/images.service.js';

/** A listing photo of another instance: at most this many bytes, fetched within this time. */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const PHOTO_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export class RemoteFetchError extends Error {}

/**
 * Refuses a URL outbound fetches may not reach: anything but https, and any host one of whose
 * addresses is not public (loopback, private, link-local, documentation …), unless
 * `allowPrivate` (tests on one machine).
 */
export async function checkOutboundUrl(url: URL, allowPrivate: boolean): Promise<void> {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new RemoteFetchError(`refused ${url.protocol} URL`);
  if (!allowPrivate)
    await validatePublicUrl(url.href).catch((error: Error) => {
      throw new RemoteFetchError(`refused address: ${error.message}`);
    });
}

/**
 * The bytes at `url` on another instance, fetched the way every outbound fetch of ours is: https
 * to a public address (every address its name resolves to, checked again at every redirect), at
 * most `maxBytes`, within `timeoutMs`. `allowPrivate` (FEDERATION_ALLOW_PRIVATE, tests on one
 * machine) permits http and loopback.
 */
export async function fetchBytes(
  url: URL,
  options: { allowPrivate: boolean; maxBytes: number; timeoutMs: number },
): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await checkOutboundUrl(current, options.allowPrivate);
    const response = await fetch(current, { redirect: 'manual', signal });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, current);
      continue;
    }
    if (!response.ok) throw new RemoteFetchError(`answered ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > options.maxBytes) throw new RemoteFetchError('too large');
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    for (;;) {
      const read = await reader?.read();
      if (!read || read.done) break;
      size += read.value.length;
      if (size > options.maxBytes) {
        await reader?.cancel();
        throw new RemoteFetchError('too large');
      }
      chunks.push(Buffer.from(read.value));
    }
    return Buffer.concat(chunks);
  }
  throw new RemoteFetchError('too many redirects');
}

/**
 * Fetches a remote listing's photo once and stores it as our own picture, re-encoded exactly like
 * an upload (content checked, 40 MP at most, metadata stripped), never hot-linked.
 */
export function photoFetcher(db: Executor, allowPrivate: boolean) {
  return async (source: URL, ownerId: string): Promise<string> => {
    const bytes = await fetchBytes(source, {
      allowPrivate,
      maxBytes: MAX_PHOTO_BYTES,
      timeoutMs: PHOTO_TIMEOUT_MS,
    });
    return storeImage(db, ownerId, await processImage(bytes));
  };
}
