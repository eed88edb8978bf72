import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  OutboundRefusedError,
  OutboundTooLargeError,
  OutboundUnreachableError,
  outboundRequest,
} from '../../infra/outbound/request.js';
import { checkOutboundUrlResolved } from '../../infra/outbound/resolve.js';
import { refuseBlockedPhotos } from '../images/blocked-photos.js';
import { type ImageVariants, processImage } from '../images/image-processing.js';
import { storeImage } from '../images/images.service.js';

/** A listing photo of another instance: at most this many bytes, fetched within this time. */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const PHOTO_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

/** Why something of another instance could not be fetched: the object it belongs to is refused. */
export class RemoteFetchError extends Error {}

/**
 * Refuses a URL federation may not reach, by the one outbound address policy
 * (server/infra/outbound): https on 443 to a host every address of which is public, unless
 * `allowPrivate` (FEDERATION_ALLOW_PRIVATE, tests on one machine).
 */
export async function checkOutboundUrl(url: URL, allowPrivate: boolean): Promise<void> {
  const decision = await checkOutboundUrlResolved(url, { allowPrivate });
  if (!decision.ok) throw new RemoteFetchError(decision.reason);
}

/**
 * Fetches a remote listing's photo once and stores it as our own picture, re-encoded exactly like
 * an upload (content checked, 40 MP at most, metadata stripped), never hot-linked. The request
 * goes through the outbound policy (checked at connect, every redirect checked again), with a
 * time and size limit.
 */
export function photoFetcher(db: Executor, allowPrivate: boolean) {
  return async (source: URL, ownerId: string): Promise<string> => {
    let body: Buffer;
    try {
      const answer = await outboundRequest(source, {
        allowPrivate,
        timeoutMs: PHOTO_TIMEOUT_MS,
        maxBytes: MAX_PHOTO_BYTES,
        maxRedirects: MAX_REDIRECTS,
      });
      if (answer.status !== 200) throw new RemoteFetchError(`a photo answered ${answer.status}`);
      body = answer.body;
    } catch (error) {
      if (
        error instanceof OutboundRefusedError ||
        error instanceof OutboundUnreachableError ||
        error instanceof OutboundTooLargeError
      )
        throw new RemoteFetchError(`a photo: ${error.message}`);
      throw error;
    }
    let variants: ImageVariants;
    try {
      variants = await processImage(body);
    } catch {
      throw new RemoteFetchError('a photo that is not a picture we take');
    }
    // A photo our admins blocked is refused from another instance as from a member here.
    await refuseBlockedPhotos(db, [variants]).catch((error: unknown) => {
      throw error instanceof AppError ? new RemoteFetchError(`a photo: ${error.message}`) : error;
    });
    return storeImage(db, ownerId, variants);
  };
}
