import { useSyncExternalStore } from 'react';

/** Whether this tab's live stream is open. While it is, SPEC §9's polling stands down. */
let connected = false;
const listeners = new Set<() => void>();

export function setLiveConnected(next: boolean): void {
  if (next === connected) return;
  connected = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connected,
    () => false,
  );
}

/** SPEC §9's interval as the fallback: no polling while the stream is open. */
export function usePollingFallback(intervalMs: number): number | false {
  return useLiveConnected() ? false : intervalMs;
}
