import type { ChatPage } from '../../../shared/chat.js';
import { createKeptAnswers, type KeptAnswers, keptTrueBy } from '../../infra/kept-answers.js';
import type { KeptNotices } from '../../infra/kept-notices.js';
import type { OffersPage } from './swaps.queries.js';

/**
 * A member's pages of offers and of a chat as the list answered them (JSON text), kept per app
 * server for OFFERS_CACHE_MS: every signed-in page loads the first one (the header's count of
 * new offers), and it costs the database about eight index probes an offer (decision 008). What
 * invalidates it: triggers on every table a page shows (swap_requests, messages, feedback, and
 * the columns shown of items and users; migrations 0019, 0021, 0022) tell every server which
 * members' pages changed, as notices of kind `offers`; server/kept-state-triggers.test.ts ties
 * their columns to the pages' reads. See kept-answers.ts for the rest of what keeps them true.
 */
export type OffersCache = KeptAnswers<string>;

/** 20-40 MB: some 800 pages of 25 offers (1 KB an offer), more of the usual shorter ones. */
const MAX_CHARACTERS = 20_000_000;

export function createOffersCache(maxAgeMs: number, notices?: KeptNotices): OffersCache {
  const kept = createKeptAnswers<string>({
    maxAgeMs,
    maxEntries: 20_000,
    // The live page and a few older ones or `with` lookups; a member asking for many more (any
    // `with`, any offset) only sends their own least recently read away.
    maxPerMember: 8,
    maxSize: MAX_CHARACTERS,
    sizeOf: (page) => page.length,
  });
  if (notices && maxAgeMs > 0) keptTrueBy(notices, 'offers', kept);
  return kept;
}

/**
 * What `read` answers `memberId` under `key`, from this server's memory when it has it, unless the
 * client asks for it `fresh`; kept only if `read` answers (and no notice came in between).
 */
export async function keptFor(
  cache: OffersCache,
  memberId: string,
  key: string,
  options: { fresh?: boolean },
  read: () => Promise<string>,
): Promise<string> {
  const kept = options.fresh ? undefined : cache.get(key, Date.now());
  if (kept !== undefined) return kept;
  const stamp = cache.stamp();
  const json = await read();
  cache.remember(key, memberId, json, stamp, Date.now());
  return json;
}

/**
 * A page's key. A `before` is an offer's id that places the page; one of another member's offers
 * (no client sends it) places it too, and its changes reach the page within the cache's age only.
 */
export const offersPageKey = (userId: string, page: OffersPage): string =>
  `${userId}|${page.limit}|${page.offset}|${page.before ?? ''}|${page.with ?? ''}`;

/** A page of a chat, as one of its parties reads it (`before`: a message of that chat). */
export const chatPageKey = (userId: string, swapRequestId: number, page: ChatPage): string =>
  `${userId}|chat|${swapRequestId}|${page.limit}|${page.before ?? ''}`;
