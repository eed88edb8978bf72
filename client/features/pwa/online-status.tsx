import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { isOnline, subscribeConnectivity } from '../../lib/connectivity';
import { useI18n } from '../../lib/use-i18n';

/** Whether the server can be reached (lib/connectivity.ts), kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
}

/** A clear, polite note at the top of every page while the browser has no connection. */
export function OfflineBanner() {
  const { _ } = useI18n();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="flex items-center justify-center gap-2 bg-stone-800 px-4 py-2 text-center text-sm text-white"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <strong>{_('offline.title')}</strong> {_('offline.text')}
      </span>
    </div>
  );
}
