import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CHAT_PAGE_SIZE } from '../../../shared/chat';

/**
 * A chat's history beyond the live page. The live query holds the latest CHAT_PAGE_SIZE messages
 * (refetched as messages arrive); "Show earlier messages" fetches the page before the oldest one
 * shown and keeps it. Once history is open, every live page is kept too, so a message that
 * scrolls out of the live window never leaves a gap.
 */
export function useEarlierMessages<M extends { id: number }>(
  latest: readonly M[] | undefined,
  fetchBefore: (before: number) => Promise<M[]>,
) {
  const [kept, setKept] = useState<M[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!latest) return;
    setKept((previous) => (previous.length === 0 ? previous : mergeNewer(previous, latest)));
  }, [latest]);

  const messages = latest ? mergeNewer(kept, latest) : undefined;
  const oldest = messages?.[0]?.id;
  const hasEarlier =
    !exhausted && oldest !== undefined && (kept.length > 0 || latest?.length === CHAT_PAGE_SIZE);

  const showEarlier = useCallback(async () => {
    if (oldest === undefined) return;
    setPending(true);
    try {
      const page = await fetchBefore(oldest);
      if (page.length < CHAT_PAGE_SIZE) setExhausted(true);
      setKept((previous) => [...page, ...mergeNewer(previous, latest ?? [])]);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'An error occurred');
    } finally {
      setPending(false);
    }
  }, [oldest, fetchBefore, latest]);

  return { messages, hasEarlier, showEarlier, pending };
}

/** `older` followed by what `newer` adds, each message once and in its latest version. */
function mergeNewer<M extends { id: number }>(older: readonly M[], newer: readonly M[]): M[] {
  const fresh = new Map(newer.map((message) => [message.id, message]));
  const kept = older.filter((message) => !fresh.has(message.id));
  return [...kept, ...newer];
}
