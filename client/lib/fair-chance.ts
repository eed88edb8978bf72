import { useEffect, useState } from 'react';
import { fairChanceRefusal } from '../../shared/giveaways';

/** Longest wait a timer takes (about 24.8 days); a later end is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A give-away's fair chance as the page shows it: while `requestsOpenUntil` (the listing's, or
 * an offer's listing summary's) is ahead, the server's own words for why no request can be
 * accepted yet; null once it has passed (or for a swap). Re-renders when it ends.
 */
export function useFairChance(requestsOpenUntil: string | null | undefined): string | null {
  const until = requestsOpenUntil ? Date.parse(requestsOpenUntil) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  const open = Number.isFinite(until) && now < until;
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(until - now + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [open, until, now]);
  return open ? fairChanceRefusal(new Date(until)) : null;
}
