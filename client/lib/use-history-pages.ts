import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from './toast';

type Options = {
  /** How many rows the server sends per page: a shorter page means the history is all here. */
  pageSize: number;
  /** Where older rows go: above (a chat, oldest first) or below (a list, newest first). */
  olderAt: 'start' | 'end';
};

/**
 * A live list's history, a page at a time. The live query holds the latest page (refetched as
 * things change); `showMore` fetches the page beyond the last row shown (the server's keyset
 * `before`) and keeps it. Once history is open, every live page is kept too, so a row that
 * leaves the live window never leaves a gap; a kept row that becomes live again shows once, in
 * its live place and version.
 */
export function useHistoryPages<T extends { id: number }>(
  live: readonly T[] | undefined,
  fetchBefore: (before: number) => Promise<T[]>,
  { pageSize, olderAt }: Options,
) {
  const [kept, setKept] = useState<T[]>([]);
  const [exhausted, setExhausted] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!live) return;
    setKept((previous) => (previous.length === 0 ? previous : merge(previous, live, olderAt)));
  }, [live, olderAt]);

  // One array per change, so what depends on the rows (marking offers seen) runs once per change.
  const rows = useMemo(
    () => (live ? merge(kept, live, olderAt) : undefined),
    [kept, live, olderAt],
  );
  const cursor = (olderAt === 'start' ? rows?.[0] : rows?.at(-1))?.id;
  const hasMore =
    !exhausted && cursor !== undefined && (kept.length > 0 || live?.length === pageSize);

  const showMore = useCallback(async () => {
    if (cursor === undefined) return;
    setPending(true);
    try {
      const page = await fetchBefore(cursor);
      if (page.length < pageSize) setExhausted(true);
      setKept((previous) => {
        const current = merge(previous, live ?? [], olderAt);
        return olderAt === 'start' ? [...page, ...current] : [...current, ...page];
      });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'An error occurred');
    } finally {
      setPending(false);
    }
  }, [cursor, fetchBefore, live, olderAt, pageSize]);

  return { rows, hasMore, showMore, pending };
}

/** The kept rows with the live ones in their place, each row once and in its live version. */
function merge<T extends { id: number }>(
  kept: readonly T[],
  live: readonly T[],
  olderAt: Options['olderAt'],
): T[] {
  const liveIds = new Set(live.map((row) => row.id));
  const rest = kept.filter((row) => !liveIds.has(row.id));
  return olderAt === 'start' ? [...rest, ...live] : [...live, ...rest];
}
