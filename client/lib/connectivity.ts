/**
 * Whether the server can be reached: navigator.onLine and its online/offline events, and what the
 * app's own requests found (a request that could not reach the server at all means offline until
 * one gets through or the browser says it is online again). The second catches what onLine misses:
 * a page reopened from the service worker's cache while the network is down.
 */
let unreachable = false;
let probe: ReturnType<typeof setInterval> | undefined;
const PROBE_MS = 5000;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** While unreachable, a light request now and then finds out when the server is back. */
function probeUntilReachable(): void {
  if (probe !== undefined) return;
  probe = setInterval(() => {
    fetch('/healthz', { method: 'HEAD', cache: 'no-store' }).then(
      () => reportRequestOutcome(true),
      () => undefined,
    );
  }, PROBE_MS);
}

export function reportRequestOutcome(reachedServer: boolean): void {
  if (unreachable === !reachedServer) return;
  unreachable = !reachedServer;
  if (unreachable) probeUntilReachable();
  else {
    clearInterval(probe);
    probe = undefined;
  }
  notify();
}

export function isOnline(): boolean {
  return navigator.onLine && !unreachable;
}

export function subscribeConnectivity(onChange: () => void): () => void {
  const online = () => {
    reportRequestOutcome(true);
    onChange();
  };
  listeners.add(onChange);
  window.addEventListener('online', online);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', onChange);
  };
}
