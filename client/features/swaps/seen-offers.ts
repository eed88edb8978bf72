import { useCallback, useSyncExternalStore } from 'react';

/**
 * SPEC §4: on /my-offers, 3 s after the requests load, the member's requests count as seen.
 * We remember each one's updatedAt per member in localStorage, so a changed request is unseen again;
 * the header's Offers button counts the unseen ones.
 */
export const MARK_SEEN_DELAY_MS = 3000;

/** Request id → the updatedAt seen. Checked by hand: zod would add 90 KB to every page. */
type Seen = Record<string, string>;
const storageKey = (userId: string) => `swapmarket.seen-offers.${userId}`;
const listeners = new Set<() => void>();
/** One object for "nothing seen": useSyncExternalStore loops forever on a fresh {} per call. */
const NOTHING_SEEN: Seen = Object.freeze({});

function isSeen(value: unknown): value is Seen {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

function read(userId: string): Seen {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}');
    return isSeen(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

const cache = new Map<string, { raw: string | null; value: Seen }>();
function snapshot(userId: string): Seen {
  const raw = localStorage.getItem(storageKey(userId));
  const cached = cache.get(userId);
  if (cached && cached.raw === raw) return cached.value;
  const value = read(userId);
  cache.set(userId, { raw, value });
  return value;
}

export function useSeenOffers(userId: string | undefined) {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  const seen = useSyncExternalStore(
    subscribe,
    () => (userId ? snapshot(userId) : NOTHING_SEEN),
    // Pre-rendered HTML (client/app/prerender.tsx) has no member: nothing seen.
    () => NOTHING_SEEN,
  );
  const markSeen = useCallback(
    (requests: Array<{ id: number; updatedAt: string }>) => {
      if (!userId) return;
      const next = { ...read(userId) };
      for (const request of requests) next[String(request.id)] = request.updatedAt;
      localStorage.setItem(storageKey(userId), JSON.stringify(next));
      for (const listener of listeners) listener();
    },
    [userId],
  );
  return { seen, markSeen };
}

export function isUnseen(seen: Seen, request: { id: number; updatedAt: string }): boolean {
  return seen[String(request.id)] !== request.updatedAt;
}
