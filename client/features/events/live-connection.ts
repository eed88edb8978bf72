import type { LiveEvent } from '../../../shared/events';

/** The part of EventSource we use; tests hand in a fake. */
export type LiveSource = {
  onopen: ((this: never, event: Event) => unknown) | null;
  onmessage: ((this: never, event: MessageEvent<string>) => unknown) | null;
  onerror: ((this: never, event: Event) => unknown) | null;
  readonly readyState: number;
  close: () => void;
};

const CLOSED = 2;

export type LiveConnectionOptions = {
  openSource: () => LiveSource;
  onEvent: (event: LiveEvent) => void;
  onStatus: (connected: boolean) => void;
  minDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * Keeps one event stream open. The browser retries a dropped stream by itself; when it gives up
 * (the server refused, e.g. 401 or 503), we reopen it with exponential back-off and jitter.
 * Every reopening starts with a resync, since events sent while we were away are lost.
 * Returns a function that closes the stream for good.
 */
export function connectLive(options: LiveConnectionOptions): () => void {
  const minDelay = options.minDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 60_000;
  let delay = minDelay;
  let source: LiveSource | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let openedBefore = false;
  let stopped = false;

  const open = () => {
    retry = null;
    const current = options.openSource();
    source = current;
    current.onopen = () => {
      delay = minDelay;
      options.onStatus(true);
      if (openedBefore) options.onEvent({ type: 'resync' });
      openedBefore = true;
    };
    current.onmessage = (message) => {
      try {
        options.onEvent(JSON.parse(message.data) as LiveEvent);
      } catch {
        // A garbled frame is dropped; the next event or resync brings the data anyway.
      }
    };
    current.onerror = () => {
      options.onStatus(false);
      if (current.readyState !== CLOSED || stopped) return;
      current.close();
      const wait = delay * (0.5 + Math.random() / 2);
      delay = Math.min(delay * 2, maxDelay);
      retry = setTimeout(open, wait);
    };
  };

  open();
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    source?.close();
    options.onStatus(false);
  };
}
